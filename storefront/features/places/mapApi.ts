import type { Params } from '../../../dataProvider/apiClient';
import { polygonOf } from '../../../schemas/rules/geo';

/** [lat, lon] */
export type LatLon = [number, number];

/** One answer of api=geocode (docs/API.md): a readable address line, its house number, the point. */
export interface GeocodeEntry {
  address: string;
  house: string;
  lat: number;
  lon: number;
}

/** A place (GET /rest/places) as the map uses it: its point and its delivery zone. */
export interface MapPlace {
  id: number | string;
  name?: string;
  latitude?: string | number | null;
  longitude?: string | number | null;
  coords?: unknown;
  color?: string | null;
}

/** The demo city's centre (St Petersburg), when neither a chosen point nor a place gives one. */
export const CITY_CENTRE: LatLon = [59.9386, 30.3141];
/** The seed's zooms: 16 at the start, 17 when centred on a chosen suggestion; a 300 ms move. */
export const START_ZOOM = 16;
export const RESULT_ZOOM = 17;
export const MOVE_SECONDS = 0.3;
/** The map search: at most 400 characters; suggestions 1 s after the last keystroke, at most 7. */
export const MAX_SEARCH_LENGTH = 400;
export const SUGGEST_DELAY_MS = 1000;
export const MAX_SUGGESTIONS = 7;

export const searchParams = (q: string): Params => ({ q: q.slice(0, MAX_SEARCH_LENGTH) });
export const llOf = ([lat, lon]: LatLon) => `${lat.toFixed(6)},${lon.toFixed(6)}`;
export const reverseParams = (point: LatLon): Params => ({ ll: llOf(point) });

const finite = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '')) && Number.isFinite(Number(v));

/** The entries of an api=geocode answer that are well formed (at most 7). */
export function entriesOf(res: unknown): GeocodeEntry[] {
  const list = (res as { geocode?: unknown } | null)?.geocode;
  if (!Array.isArray(list)) return [];
  const out: GeocodeEntry[] = [];
  for (const e of list) {
    if (!e || typeof e !== 'object') continue;
    const r = e as Record<string, unknown>;
    if (typeof r.address !== 'string' || !r.address || !finite(r.lat) || !finite(r.lon)) continue;
    out.push({ address: r.address, house: typeof r.house === 'string' ? r.house : '', lat: Number(r.lat), lon: Number(r.lon) });
    if (out.length >= MAX_SUGGESTIONS) break;
  }
  return out;
}

/** A place's own point, when it has one. */
export function placePoint(p: MapPlace | undefined): LatLon | null {
  if (!p || !finite(p.latitude) || !finite(p.longitude)) return null;
  const lat = Number(p.latitude);
  const lon = Number(p.longitude);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? [lat, lon] : null;
}

/** A place's delivery zone as [lat, lon] points (fewer than 3: no zone). */
export function zoneOf(p: MapPlace): LatLon[] {
  const points = polygonOf(p.coords);
  return points.length >= 3 ? points : [];
}

/** A zone's colour from the place's 'r,g,b,alpha' (blue by default, the seed's map default). */
export function zoneColour(p: MapPlace): string {
  const m = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/.exec(p.color ?? '');
  return m ? `rgb(${m[1]}, ${m[2]}, ${m[3]})` : '#1971c2';
}

/** The same point, to about 10 cm: the map settling where it was asks nothing again. */
export const samePoint = (a: LatLon | null, b: LatLon | null) => !!a && !!b && Math.abs(a[0] - b[0]) < 1e-6 && Math.abs(a[1] - b[1]) < 1e-6;

/** Coordinates as text, when no address is known for the point. */
export const coordsText = ([lat, lon]: LatLon) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
