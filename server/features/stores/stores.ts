import { fromRow, toApiObject, storeSchema, toRow, RICH_TEXT_PAGES, type RichTextPage } from '../../../schemas';
import type { Db, Executor, Store } from '../../db/types';
import { now } from '../../db/database';
import { sanitizeRichText } from '../../lib/sanitize';
import { conflict } from '../../errors';
import { isLang, type Lang } from '../../../i18n';
import { LOOPBACK_HOSTS, normalizeHost } from '../../lib/hosts';
import { domainView } from './domains';

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

/**
 * The store as api=stores answers it (secrets only for its owner). `online_payment` ('1'/'0') is a derived
 * field of the registry (schemas/store.ts, `derived`: never stored, never taken from a client): whether
 * card payment on the site works now, i.e. pay_online is on and the acquirer is set up (the server's
 * ACQUIRING_URL and the shop's login and password); the caller knows the latter (payments.acquirerFor).
 */
export function storeToApi(store: Store, opts: { owner: boolean; acquirerReady: boolean }) {
  const values = storeValues(store);
  values.online_payment = opts.acquirerReady && (values.pay_online === true || values.pay_online === 1 || values.pay_online === '1');
  // The owner sees the domain asked for while it waits for its proof, with the proof to publish (domains.ts).
  if (opts.owner) {
    const view = domainView(store);
    Object.assign(values, { domain: view.domain, domain_status: view.status, domain_live: view.live, domain_proof: view.proof });
  }
  return { ...toApiObject(storeSchema, values, { includeSecrets: opts.owner }), userId: store.user_id };
}

/** Saves validated settings; rich-text pages are sanitised here, on the way in. */
export async function saveStore(db: Executor, store: Store, values: Record<string, unknown>) {
  for (const page of RICH_TEXT_PAGES as readonly RichTextPage[]) {
    if (typeof values[page] === 'string') values[page] = sanitizeRichText(values[page] as string);
  }
  const { columns, data } = toRow(storeSchema, values);
  if (typeof columns.domain === 'string') {
    columns.domain = columns.domain.toLowerCase();
    const taken = await db.selectFrom('stores').select('id').where('domain', '=', columns.domain as string).where('id', '<>', store.id).executeTakeFirst();
    if (taken) throw conflict('This domain belongs to another shop');
  }
  const merged = { ...JSON.parse(store.data || '{}'), ...data };
  await db
    .updateTable('stores')
    .set({ ...(columns as object), data: JSON.stringify(merged) })
    .where('id', '=', store.id)
    .execute();
}

export async function createStore(db: Executor, values: { name: string; domain?: string | null; data?: Record<string, unknown> }) {
  const row = await db
    .insertInto('stores')
    .values({ name: values.name, domain: values.domain ?? null, active: 1, deleted: 0, data: JSON.stringify(values.data ?? {}), created_at: now(), user_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
