import { DEFAULT_HOURS, DEFAULT_MAP_CENTRE, WEEK_DAYS, placeSchema, validateFields, type FieldError, type WeekSchedule } from '../../../schemas';

/**
 * The place being edited, shared by the editor and its two maps (the seed's "shared place object"): kept in
 * sessionStorage per place id, so the owner can go to the address map or the zone map and come back with
 * the unsaved changes intact (a reload keeps them too). Saving or leaving the editor clears it.
 */
export type LatLng = [number, number];
export interface PlaceDraft {
  country: string;
  city: string;
  name: string;
  phone: string;
  address: string;
  latitude: string;
  longitude: string;
  week: WeekSchedule;
  coords: LatLng[];
  color: string;
  /** The zone's terms as typed ('' = the shop's setting). */
  delivery_cost: string;
  free_delivery_from: string;
  min_sum: string;
  delivery_time: string;
}

/** The zone's terms (schemas/place.ts 685-688), in the editor's order. */
export const ZONE_TERMS = ['delivery_cost', 'free_delivery_from', 'min_sum', 'delivery_time'] as const;
export const ZONE_AMOUNTS = ['delivery_cost', 'free_delivery_from', 'min_sum'] as const;

export const DEFAULT_PLACE_COLOUR = String(placeSchema.fields.find((f) => f.name === 'color')?.default ?? '25,113,194,1');

/** A week where every day not given is open all day (00:00–23:59). */
export function fullWeek(week?: Partial<WeekSchedule> | null, weekendDefault = false): WeekSchedule {
  return Object.fromEntries(
    WEEK_DAYS.map((d) => {
      const day = week?.[d];
      return [
        d,
        {
          from: typeof day?.from === 'string' && day.from ? day.from.slice(0, 5) : DEFAULT_HOURS.from,
          to: typeof day?.to === 'string' && day.to ? day.to.slice(0, 5) : DEFAULT_HOURS.to,
          isWeekend: day ? day.isWeekend === true || (day.isWeekend as unknown) === '1' : weekendDefault && (d === 'saturday' || d === 'sunday'),
        },
      ];
    }),
  ) as WeekSchedule;
}

/** A new place: open 00:00–23:59, Saturday and Sunday weekend days (the seed's default), the default blue zone colour. */
export const newPlaceDraft = (): PlaceDraft => ({
  country: '',
  city: '',
  name: '',
  phone: '',
  address: '',
  latitude: '',
  longitude: '',
  week: fullWeek(null, true),
  coords: [],
  color: DEFAULT_PLACE_COLOUR,
  delivery_cost: '',
  free_delivery_from: '',
  min_sum: '',
  delivery_time: '',
});

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function coordsOf(v: unknown): LatLng[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((p): p is [unknown, unknown] => Array.isArray(p) && p.length >= 2)
    .map(([a, b]) => [Number(a), Number(b)] as LatLng)
    .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
}

/** The draft of a stored place (REST /rest/places record). */
export function draftFromRecord(r: Record<string, unknown>): PlaceDraft {
  return {
    country: str(r.country),
    city: str(r.city),
    name: str(r.name),
    phone: str(r.phone),
    address: str(r.address),
    latitude: str(r.latitude),
    longitude: str(r.longitude),
    week: fullWeek(r.week as Partial<WeekSchedule> | null),
    coords: coordsOf(r.coords),
    color: str(r.color) || DEFAULT_PLACE_COLOUR,
    delivery_cost: str(r.delivery_cost),
    free_delivery_from: str(r.free_delivery_from),
    min_sum: str(r.min_sum),
    delivery_time: str(r.delivery_time),
  };
}

/** A typed sum: '' is none (null: the shop's setting), a comma is a decimal point, anything else is sent for the registry to judge. */
const amountOf = (v: string): number | string | null => {
  const t = v.trim().replace(',', '.');
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
};

/** What REST receives: every field of the draft, trimmed. */
export function restData(d: PlaceDraft): Record<string, unknown> {
  return {
    country: d.country.trim(),
    city: d.city.trim(),
    name: d.name.trim(),
    phone: d.phone.trim(),
    address: d.address.trim(),
    latitude: d.latitude,
    longitude: d.longitude,
    week: d.week,
    coords: d.coords,
    color: d.color,
    delivery_cost: amountOf(d.delivery_cost),
    free_delivery_from: amountOf(d.free_delivery_from),
    min_sum: amountOf(d.min_sum),
    delivery_time: d.delivery_time.trim() || null,
  };
}

/** The registry's check of a draft (the server runs the same): required and invalid fields. */
export function checkDraft(d: PlaceDraft): FieldError[] {
  return validateFields(placeSchema.fields, restData(d)).errors;
}

export const sameDraft = (a: PlaceDraft | null, b: PlaceDraft | null) => JSON.stringify(a) === JSON.stringify(b);

/** The map's starting point: the place's own point, else the seed's default centre. */
export function placeCentre(d: Pick<PlaceDraft, 'latitude' | 'longitude'>): LatLng {
  const lat = Number(d.latitude);
  const lon = Number(d.longitude);
  return d.latitude !== '' && d.longitude !== '' && Number.isFinite(lat) && Number.isFinite(lon) ? [lat, lon] : [DEFAULT_MAP_CENTRE.latitude, DEFAULT_MAP_CENTRE.longitude];
}

const KEY = (placeId: string) => `admin.placeDraft.${placeId}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function loadDraft(placeId: string): PlaceDraft | null {
  try {
    const raw = storage()?.getItem(KEY(placeId));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<PlaceDraft>;
    if (!d || typeof d !== 'object') return null;
    return { ...newPlaceDraft(), ...draftFromRecord(d as Record<string, unknown>), week: fullWeek(d.week) };
  } catch {
    return null;
  }
}

export function storeDraft(placeId: string, d: PlaceDraft) {
  try {
    storage()?.setItem(KEY(placeId), JSON.stringify(d));
  } catch {
    /* private mode: the draft lives only in memory */
  }
}

export function clearDraft(placeId: string) {
  try {
    storage()?.removeItem(KEY(placeId));
  } catch {
    /* nothing stored */
  }
}

/** '59.95800, 30.30600': a point as the address when the geocoder has none. */
export const formatPoint = ([lat, lon]: LatLng) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
