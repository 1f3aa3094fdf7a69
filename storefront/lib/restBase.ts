import { getShopConfig } from './config';

/**
 * The REST base beside the api host, under the api's own path (the server serves both; docs/API.md "REST"):
 * '<origin>/api' → '<origin>/rest', '/shop/api' → '<origin>/shop/rest'. The origin only (no credentials, query
 * or fragment), so a caller appends '/places' or '/subscriptions' to it.
 *
 * A module of its own, not config.ts: config.ts is in the first screen's chunk, and only lazy chunks (the
 * account, the map, the order form, the footer's subscription) ask REST, so this stays out of the first download.
 */
export function restBase(apiHost: string = getShopConfig().API_HOST): string {
  const url = new URL(apiHost, typeof location === 'undefined' ? 'http://localhost/' : location.href);
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/api$/, '')}/rest`;
}

/** GET /rest/places (anyone may read them): every place in its order, as the order form and the map read them. */
export async function fetchPlaces<T>(): Promise<T[]> {
  const url = new URL(`${restBase()}/places`);
  url.searchParams.set('sort', JSON.stringify(['sort', 'ASC']));
  url.searchParams.set('range', JSON.stringify([0, 99]));
  const res = await fetch(url.toString());
  if (!res.ok) throw new Error(`places ${res.status}`);
  const body = (await res.json()) as unknown;
  return Array.isArray(body) ? (body as T[]) : [];
}
