import { ApiError, badRequest } from '../../errors';
import { parseLatLon } from '../../../schemas/rules/geo';
import { geocoder, MAX_QUERY_LENGTH } from './geocoder';
import type { Handler } from '../../api/context';

/**
 * api=geocode: address suggestions and reverse geocoding for the storefront's map and the admin's place
 * editor, through the server's geocoder (GEOCODER_URL, Nominatim-style).
 *
 *   q=<text, at most 400 characters>  → {"geocode": [{address, house, lat, lon}]}, at most 7
 *   ll=<lat>,<lon>                    → the same shape with 0 or 1 entry (the address with its house number)
 *
 * No geocoder configured → {"geocode": []}. The geocoder unreachable → 503, a bad answer → 502, both with
 * the code geocoder_error. Each address may ask 120 times a minute (the map asks after every move).
 */
const PER_MINUTE = 120;
const windows = new Map<string, { start: number; count: number }>();

function limit(key: string) {
  const now = Date.now();
  if (windows.size > 10_000) for (const [k, w] of windows) if (now - w.start >= 60_000) windows.delete(k);
  const w = windows.get(key);
  if (!w || now - w.start >= 60_000) windows.set(key, { start: now, count: 1 });
  else if (++w.count > PER_MINUTE) throw new ApiError(429, 'too_many_requests');
}

export const geocode: Handler = async (ctx) => {
  const { raw } = ctx.input;
  const hasQ = raw.q !== undefined;
  const hasLl = raw.ll !== undefined && raw.ll !== '';
  if (!hasQ && !hasLl) throw badRequest('invalid_input', 'q (text) or ll ("latitude,longitude") is required', ['q']);
  const q = hasQ ? raw.q : '';
  if (q.length > MAX_QUERY_LENGTH) throw badRequest('invalid_input', `q may be at most ${MAX_QUERY_LENGTH} characters`, ['q']);
  const point = hasLl ? parseLatLon(raw.ll) : null;
  if (hasLl && !point) throw badRequest('invalid_input', 'll must be "latitude,longitude"', ['ll']);

  const base = ctx.services.config.geocoderUrl;
  if (!base) return { geocode: [] };
  if (point) {
    limit(`${ctx.request.ip}|${ctx.store.id}`);
    return { geocode: await geocoder.reverse(base, point, ctx.lang) };
  }
  if (!q.trim()) return { geocode: [] };
  limit(`${ctx.request.ip}|${ctx.store.id}`);
  return { geocode: await geocoder.search(base, q, ctx.lang) };
};
