import { fromRow, placeSchema, toApiObject, type WeekSchedule } from '../../../schemas';
import type { Executor } from '../../db/types';
import type { LatLon } from '../../../schemas/rules/geo';
import { zoneOf } from '../../../schemas/rules/zones';

/** A place (branch) with its delivery zone and weekly schedule, as the checkout reads it. */
export interface Place {
  id: number;
  name: string;
  sort: number;
  zone: LatLon[];
  week: WeekSchedule | null;
  values: Record<string, unknown>;
}

type PlaceRow = { id: number; name: string; sort: number; data: string };

export function placeFromRow(row: PlaceRow): Place {
  const values = fromRow(placeSchema, row as unknown as Record<string, unknown>);
  return {
    id: row.id,
    name: row.name,
    sort: row.sort,
    zone: zoneOf(values.coords),
    week: (values.week as WeekSchedule | undefined) ?? null,
    values,
  };
}

/** The API / REST object of a place: every schema field plus `sort`. */
export const placeToApi = (p: Place): Record<string, unknown> => ({ ...toApiObject(placeSchema, p.values), id: p.id, sort: p.sort });

export async function listPlaces(db: Executor, storeId: number): Promise<Place[]> {
  const rows = await db.selectFrom('places').select(['id', 'name', 'sort', 'data']).where('store_id', '=', storeId).orderBy('sort').orderBy('id').execute();
  return rows.map(placeFromRow);
}
