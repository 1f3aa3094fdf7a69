import { fromRow, storeSchema } from '../../schemas';
import type { Db, Store } from '../db/types';
import { isLang, type Lang } from '../../i18n';

/* Which shop a request is for (one server hosts many): the store row by the Host header, and its settings. */

const CACHE_MS = 5_000;

/** Resolves a request's store from its Host header: the store whose domain matches, else the default (lowest id). */
export function createStoreResolver(db: Db) {
  const cache = new Map<string, { at: number; store: Promise<Store | undefined> }>();
  const load = async (host: string): Promise<Store | undefined> => {
    const byDomain = await db.selectFrom('stores').selectAll().where('domain', '=', host).where('deleted', '=', 0).executeTakeFirst();
    return byDomain ?? db.selectFrom('stores').selectAll().where('deleted', '=', 0).orderBy('id').limit(1).executeTakeFirst();
  };
  return {
    resolve(hostHeader: string | undefined): Promise<Store | undefined> {
      const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
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
