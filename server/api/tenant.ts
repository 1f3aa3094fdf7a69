import { fromRow, storeSchema } from '../../schemas';
import type { Db, Store } from '../db/types';
import { isLang, type Lang } from '../../i18n';
import { LOOPBACK_HOSTS, normalizeHost } from '../lib/hosts';

/* Which shop a request is for (one server hosts many): the store row by the Host header, and its settings. */

const CACHE_MS = 5_000;

/**
 * Resolves a request's store from its Host header:
 * - the platform's own hosts (PUBLIC_URL's, PLATFORM_HOSTS, localhost and 127.0.0.1) serve the default
 *   store (the lowest id), whatever a shop claims;
 * - a shop's live (proven) domain serves that shop;
 * - any other host serves the default store only on a server with one shop (the single-shop setup, which
 *   works on any name); with several shops it has no shop (undefined: a 404 "no shop here").
 */
export function createStoreResolver(db: Db, opts: { platformHosts?: readonly string[] } = {}) {
  const platform = new Set<string>([...LOOPBACK_HOSTS, ...(opts.platformHosts ?? [])]);
  const cache = new Map<string, { at: number; store: Promise<Store | undefined> }>();
  const defaultStore = () => db.selectFrom('stores').selectAll().where('deleted', '=', 0).orderBy('id').limit(1).executeTakeFirst();
  const load = async (host: string): Promise<Store | undefined> => {
    if (platform.has(host)) return defaultStore();
    const byDomain = await db.selectFrom('stores').selectAll().where('domain', '=', host).where('deleted', '=', 0).executeTakeFirst();
    if (byDomain) return byDomain;
    const shops = await db.selectFrom('stores').select('id').where('deleted', '=', 0).limit(2).execute();
    return shops.length === 1 ? defaultStore() : undefined;
  };
  return {
    resolve(hostHeader: string | undefined): Promise<Store | undefined> {
      const host = normalizeHost(hostHeader);
      const hit = cache.get(host);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.store;
      const store = load(host);
      // Any Host header makes an entry: bounded, so made-up hosts cannot grow it without end.
      if (cache.size >= 1000) cache.clear();
      cache.set(host, { at: Date.now(), store });
      store.catch(() => cache.delete(host));
      return store;
    },
    forget() {
      cache.clear();
    },
  };
}
export type StoreResolver = ReturnType<typeof createStoreResolver>;

export const storeValues = (store: Store) => fromRow(storeSchema, store as unknown as Record<string, unknown>);

/** The shop's language (its notify_lang setting): the server's own texts to the owner and, when the customer's is not known, to the customer. */
export function shopLang(store: Store): Lang {
  const l = storeValues(store).notify_lang;
  return isLang(l) ? l : 'ru';
}
