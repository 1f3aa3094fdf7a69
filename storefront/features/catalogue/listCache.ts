import { readJson, writeJson } from '../../lib/storage';
import type { OfferCard } from '../../lib/types';

/**
 * The first page of each category list, kept in localStorage 'catalogueCache' (the seed: "page 1 replaces
 * the list and caches it locally"; "with a cached list available on failure, the cache is shown").
 * Small on purpose: the 12 lists opened last, 20 cards each, the card fields only.
 */
export const LIST_CACHE_KEY = 'catalogueCache';
export const LIST_CACHE_MAX = 12;

interface Entry {
  at: number;
  items: OfferCard[];
}
type Cache = Record<string, Entry>;

const read = (): Cache => {
  const raw = readJson<unknown>(LIST_CACHE_KEY, {});
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Cache) : {};
};

/** Only what a card shows (and the favourites/cart need), not the whole answer. */
const slim = (c: OfferCard): OfferCard => {
  const { id, mainCatId, shopId, type, name, vendor, model, typePrefix, price, oldprice, currencyId, categoryId, picture, thumb, images, available } = c;
  return { id, mainCatId, shopId, type, name, vendor, model, typePrefix, price, oldprice, currencyId, categoryId, picture, thumb, images, available };
};

export function cachedFirstPage(key: string): OfferCard[] | null {
  const hit = read()[key];
  return hit && Array.isArray(hit.items) && hit.items.length ? hit.items : null;
}

export function cacheFirstPage(key: string, items: OfferCard[]): void {
  const cache = read();
  if (items.length) cache[key] = { at: Date.now(), items: items.map(slim) };
  else delete cache[key];
  const keys = Object.keys(cache).sort((a, b) => cache[b].at - cache[a].at);
  for (const old of keys.slice(LIST_CACHE_MAX)) delete cache[old];
  writeJson(LIST_CACHE_KEY, cache);
}
