import { defineEntity, type FieldInput } from './field';

import { DEFAULT_HOURS, WEEK_DAYS, type WeekDay } from './rules/hours';

export { DEFAULT_HOURS, WEEK_DAYS, type WeekDay };
export interface DaySchedule {
  from: string;
  to: string;
  isWeekend: boolean;
}
export type WeekSchedule = Record<WeekDay, DaySchedule>;


export const defaultWeek = (): WeekSchedule =>
  Object.fromEntries(
    WEEK_DAYS.map((d) => [d, { from: '10:00', to: '22:00', isWeekend: d === 'saturday' || d === 'sunday' }]),
  ) as WeekSchedule;

/** The seed's default map centre (Saint Petersburg). */
export const DEFAULT_MAP_CENTRE = { latitude: 59.958, longitude: 30.306 } as const;
export const DEFAULT_ZONE_COLOUR = '#1971C2';

const fields = [
    { no: 674, key: 'place_id', name: 'id', type: 'number', readOnly: true, column: 'id' },
    { no: 675, key: 'country', type: 'varchar', maxLength: 100 },
    { no: 676, key: 'city', type: 'varchar', maxLength: 100 },
    { no: 677, key: 'name', type: 'varchar', required: true, maxLength: 200, column: 'name' },
    { no: 678, key: 'address', type: 'varchar', maxLength: 500 },
    { no: 679, key: 'latitude', type: 'varchar', maxLength: 30 },
    { no: 680, key: 'longitude', type: 'varchar', maxLength: 30 },
    { no: 681, key: 'week', type: 'schedule' },
    { no: 682, key: 'coords', type: 'polygon', default: [] },
    { no: 683, key: 'color', type: 'colour', default: '25,113,194,1' },
    { no: 684, key: 'phone', type: 'phone', maxLength: 30 },
    // The zone's own delivery terms (schemas/rules/zones.ts deliveryTerms); empty: the shop's setting.
    { no: 685, key: 'delivery_cost', type: 'float', min: 0 },
    { no: 686, key: 'free_delivery_from', type: 'float', min: 0 },
    { no: 687, key: 'min_sum', type: 'float', min: 0 },
    { no: 688, key: 'delivery_time', type: 'varchar', maxLength: 100 },
] as const satisfies readonly FieldInput[];

export const placeSchema = defineEntity('places', 'places', fields);
