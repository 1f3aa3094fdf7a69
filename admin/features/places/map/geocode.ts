import { shopApi } from '../../../components/shopApi';
import type { LatLng } from '../placeDraft';

/**
 * The address search of the admin's map through the shop's own geocoder (`api=geocode`): q → at most 7
 * suggestions, ll → the address of a point (0 or 1). A shop without a geocoder answers an empty list.
 */
export interface GeocodeHit {
  address: string;
  house: string;
  lat: number;
  lon: number;
}
export const MAX_QUERY = 400;
export const MAX_SUGGESTIONS = 7;

function hitsOf(body: unknown): GeocodeHit[] {
  const list = (body as { geocode?: unknown })?.geocode;
  if (!Array.isArray(list)) return [];
  return list
    .map((h: Record<string, unknown>) => ({ address: String(h?.address ?? ''), house: String(h?.house ?? ''), lat: Number(h?.lat), lon: Number(h?.lon) }))
    .filter((h) => h.address && Number.isFinite(h.lat) && Number.isFinite(h.lon))
    .slice(0, MAX_SUGGESTIONS);
}

export async function geocodeAddress(q: string, signal?: AbortSignal): Promise<GeocodeHit[]> {
  const api = await shopApi();
  return hitsOf(await api.call('geocode', { q: q.slice(0, MAX_QUERY) }, { signal }));
}

export async function reverseGeocode([lat, lon]: LatLng, signal?: AbortSignal): Promise<GeocodeHit | null> {
  const api = await shopApi();
  return hitsOf(await api.call('geocode', { ll: `${lat.toFixed(6)},${lon.toFixed(6)}` }, { signal }))[0] ?? null;
}

/** A suggestion as one line: the address, with its house number when the address lacks it. */
export const suggestionLabel = (h: GeocodeHit) => (h.house && !h.address.includes(h.house) ? `${h.address}, ${h.house}` : h.address);
