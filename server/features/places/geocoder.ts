import { ApiError } from '../../errors';
import type { LatLon } from '../../../schemas/rules/geo';

/**
 * Address search and reverse geocoding through a Nominatim-style HTTP service (the server's GEOCODER_URL:
 * a self-hosted Nominatim, or a provider speaking its API). The storefront's map and the admin's place
 * editor call it through `api=geocode`; the browser never talks to the geocoder itself.
 *
 *   search:  GET {base}/search?q=...&format=jsonv2&addressdetails=1&limit=7&accept-language=<lang>
 *   reverse: GET {base}/reverse?lat=..&lon=..&format=jsonv2&addressdetails=1&accept-language=<lang>
 *
 * Answers are cached in memory for a while (Nominatim's usage policy asks clients to cache; a map that
 * settles on the same point asks the same question again).
 */

/** One suggestion or reverse answer: a readable address line, its house number ('' when none), the point. */
export interface GeocodeEntry {
  address: string;
  house: string;
  lat: number;
  lon: number;
}

export const MAX_SUGGESTIONS = 7;
export const MAX_QUERY_LENGTH = 400;
const TIMEOUT_MS = 5_000;
const MAX_BODY_BYTES = 1_000_000;
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX = 1_000;
export const USER_AGENT = 'shop-builder/0.1 (white-label shop; geocoding for delivery addresses)';

/** The geocoder could not be reached in time (503) or answered something unusable (502). */
export const geocoderUnavailable = () => new ApiError(503, 'geocoder_error');
export const geocoderBadAnswer = (what: string) => new ApiError(502, 'geocoder_error', { what }, undefined, 'geocoder_status');

type Details = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const firstOf = (a: Details, keys: readonly string[]): string => {
  for (const k of keys) {
    const v = text(a[k]);
    if (v) return v;
  }
  return '';
};

const STREET_KEYS = ['road', 'pedestrian', 'footway', 'street', 'residential', 'square', 'path', 'cycleway', 'living_street', 'place', 'highway'] as const;
const LOCALITY_KEYS = ['city', 'town', 'village', 'hamlet', 'municipality', 'city_district', 'county', 'state'] as const;

/**
 * A readable address line from Nominatim's addressdetails: "road, house_number, city" (Russian style:
 * 'Каменноостровский проспект, 20, Санкт-Петербург'); without a road, the place's name and its city;
 * without details, the first parts of display_name.
 */
export function entryOf(raw: unknown): GeocodeEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Details;
  const lat = Number(r.lat);
  const lon = Number(r.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const a: Details = r.address && typeof r.address === 'object' ? (r.address as Details) : {};
  const house = firstOf(a, ['house_number']).slice(0, 40);
  const street = firstOf(a, STREET_KEYS);
  const locality = firstOf(a, LOCALITY_KEYS);
  const parts: string[] = [];
  if (street) parts.push(street, ...(house ? [house] : []));
  else {
    const name = text(r.name);
    if (name && name !== locality) parts.push(name);
    if (house) parts.push(house);
  }
  if (locality && !parts.includes(locality)) parts.push(locality);
  let address = parts.join(', ');
  if (!address) address = text(r.display_name).split(',').map((s) => s.trim()).filter(Boolean).slice(0, 3).join(', ');
  if (!address) return null;
  return { address: address.slice(0, 300), house, lat: round(lat), lon: round(lon) };
}

/** 7 decimals (about a centimetre) is all a delivery address needs. */
const round = (n: number) => Math.round(n * 1e7) / 1e7;

const cache = new Map<string, { at: number; value: GeocodeEntry[] }>();
function cached(key: string): GeocodeEntry[] | undefined {
  const hit = cache.get(key);
  if (!hit) return undefined;
  if (Date.now() - hit.at > CACHE_TTL_MS) {
    cache.delete(key);
    return undefined;
  }
  return hit.value;
}
function remember(key: string, value: GeocodeEntry[]) {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: Date.now(), value });
}
/** For tests: forget every cached answer. */
export const clearGeocoderCache = () => cache.clear();

async function fetchJson(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { 'user-agent': USER_AGENT, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'follow',
    });
  } catch {
    throw geocoderUnavailable();
  }
  if (res.status === 429 || res.status === 503) {
    await res.body?.cancel().catch(() => undefined);
    throw geocoderUnavailable();
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw geocoderBadAnswer(String(res.status));
  }
  let body: string;
  try {
    const buf = await res.arrayBuffer();
    if (buf.byteLength > MAX_BODY_BYTES) throw geocoderBadAnswer('too much');
    body = new TextDecoder().decode(buf);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw geocoderUnavailable();
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw geocoderBadAnswer('not JSON');
  }
}

const baseOf = (url: string) => url.replace(/\/+$/, '');

export const geocoder = {
  /** Up to 7 addresses matching the text, best first, without repeats of the same line. */
  async search(baseUrl: string, q: string, lang: string): Promise<GeocodeEntry[]> {
    const query = q.trim().slice(0, MAX_QUERY_LENGTH);
    if (!query) return [];
    const key = `s|${baseUrl}|${lang}|${query.toLowerCase()}`;
    const hit = cached(key);
    if (hit) return hit;
    const params = new URLSearchParams({ q: query, format: 'jsonv2', addressdetails: '1', limit: String(MAX_SUGGESTIONS), 'accept-language': lang });
    const body = await fetchJson(`${baseOf(baseUrl)}/search?${params}`);
    if (!Array.isArray(body)) throw geocoderBadAnswer('not a list');
    const out: GeocodeEntry[] = [];
    const seen = new Set<string>();
    for (const raw of body) {
      const e = entryOf(raw);
      if (!e || seen.has(e.address)) continue;
      seen.add(e.address);
      out.push(e);
      if (out.length >= MAX_SUGGESTIONS) break;
    }
    remember(key, out);
    return out;
  },

  /** The address at a point (with its house number when the geocoder knows one): 0 or 1 entry. */
  async reverse(baseUrl: string, point: LatLon, lang: string): Promise<GeocodeEntry[]> {
    const [lat, lon] = point.map((n) => n.toFixed(6));
    const key = `r|${baseUrl}|${lang}|${lat},${lon}`;
    const hit = cached(key);
    if (hit) return hit;
    const params = new URLSearchParams({ lat, lon, format: 'jsonv2', addressdetails: '1', 'accept-language': lang });
    const body = await fetchJson(`${baseOf(baseUrl)}/reverse?${params}`);
    // Nominatim answers 200 {"error": "Unable to geocode"} for a point in the sea: no address there.
    const e = body && typeof body === 'object' && !Array.isArray(body) && !('error' in body) ? entryOf(body) : null;
    const out = e ? [e] : [];
    remember(key, out);
    return out;
  },
};
