import { fromRow, placeSchema, toApiObject, type WeekSchedule } from '../../../schemas';
import type { Executor } from '../../db/types';
import { inAnyZone, pointInPolygon, polygonOf, type LatLon } from '../../../schemas/rules/geo';

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
    zone: polygonOf(values.coords),
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

/** Places that have a delivery zone (three points or more). */
export const zonedPlaces = (places: readonly Place[]) => places.filter((p) => p.zone.length >= 3);

/** Whether a point is inside any place's delivery zone. */
export const inDeliveryZone = (places: readonly Place[], point: LatLon) => inAnyZone(point, zonedPlaces(places).map((p) => p.zone));

/** The places whose zone holds the point, in their sort order. */
export const placesServing = (places: readonly Place[], point: LatLon) => zonedPlaces(places).filter((p) => pointInPolygon(point, p.zone));
