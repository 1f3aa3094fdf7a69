/** Points are [latitude, longitude] pairs, as the places' `coords` (delivery zone polygons) store them. */
export type LatLon = [number, number];

const NUMBER = /^\s*-?\d{1,3}(\.\d{1,15})?\s*$/;

/** A point from the seed's `'lat,lon'` text (client_coords, geo_check's ll); null when it is not one. */
export function parseLatLon(raw: string | undefined | null): LatLon | null {
  if (typeof raw !== 'string' || raw.length > 80) return null;
  const parts = raw.split(',');
  if (parts.length !== 2 || !NUMBER.test(parts[0]) || !NUMBER.test(parts[1])) return null;
  const lat = Number(parts[0]);
  const lon = Number(parts[1]);
  if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) return null;
  return [lat, lon];
}

const numeric = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '')) && Number.isFinite(Number(v));

/** A polygon's points from stored data: pairs of finite numbers only (anything else is dropped). */
export function polygonOf(raw: unknown): LatLon[] {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(v)) return [];
  const out: LatLon[] = [];
  for (const p of v) {
    const pair = Array.isArray(p) ? p : p && typeof p === 'object' ? [(p as Record<string, unknown>).lat ?? (p as Record<string, unknown>).latitude, (p as Record<string, unknown>).lng ?? (p as Record<string, unknown>).lon ?? (p as Record<string, unknown>).longitude] : null;
    if (!pair || pair.length < 2) continue;
    // A number or a numeric string only: Number(null) and Number('') would be 0, a point in the Gulf of Guinea.
    if (numeric(pair[0]) && numeric(pair[1])) out.push([Number(pair[0]), Number(pair[1])]);
  }
  return out;
}

/** Whether the point lies on the segment a–b (within a tiny tolerance). */
function onSegment(p: LatLon, a: LatLon, b: LatLon): boolean {
  const eps = 1e-12;
  const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
  if (Math.abs(cross) > eps) return false;
  return p[0] >= Math.min(a[0], b[0]) - eps && p[0] <= Math.max(a[0], b[0]) + eps && p[1] >= Math.min(a[1], b[1]) - eps && p[1] <= Math.max(a[1], b[1]) + eps;
}

/**
 * Ray casting (even–odd rule) on the plane of latitude/longitude, which is exact enough for city-sized
 * delivery zones. A point on the border counts as inside. Fewer than three points is no zone at all.
 */
export function pointInPolygon(point: LatLon, polygon: readonly LatLon[]): boolean {
  const n = polygon.length;
  if (n < 3) return false;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (onSegment(point, a, b)) return true;
    // Does the horizontal ray from the point (towards growing longitude) cross the edge a–b?
    if (a[0] > point[0] !== b[0] > point[0]) {
      const lonAtLat = ((b[1] - a[1]) * (point[0] - a[0])) / (b[0] - a[0]) + a[1];
      if (point[1] < lonAtLat) inside = !inside;
    }
  }
  return inside;
}

/** Whether any of the zones holds the point. */
export const inAnyZone = (point: LatLon, zones: readonly (readonly LatLon[])[]): boolean => zones.some((z) => pointInPolygon(point, z));
