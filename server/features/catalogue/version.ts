import { sql } from 'kysely';
import type { Db, Executor } from '../../db/types';

/**
 * Per-process caches of catalogue data derived from the database (the category tree, the params, the
 * category list as the API sends it), keyed by database and store and valid for one catalogue version.
 *
 * Every catalogue write calls bumpCatalogue (in its transaction or right after it): the row in
 * catalogue_versions goes up by one, so every process (WORKERS) sees the new version on its next read.
 * A read costs one primary-key lookup, shared by the concurrent requests of a store (one query in flight).
 */
const inFlight = new WeakMap<object, Map<number, Promise<number>>>();
const caches = new WeakMap<object, Map<string, { version: number; value: Promise<unknown> }>>();

export function catalogueVersion(db: Db, storeId: number): Promise<number> {
  let byStore = inFlight.get(db);
  if (!byStore) inFlight.set(db, (byStore = new Map()));
  const pending = byStore.get(storeId);
  if (pending) return pending;
  const p = db
    .selectFrom('catalogue_versions')
    .select('version')
    .where('store_id', '=', storeId)
    .executeTakeFirst()
    .then((r) => Number(r?.version ?? 0))
    .finally(() => byStore.delete(storeId));
  byStore.set(storeId, p);
  return p;
}

/** Marks the store's catalogue as changed for every process; pass the write's transaction when there is one. */
export async function bumpCatalogue(db: Executor, storeId: number): Promise<void> {
  await sql`insert into catalogue_versions (store_id, version) values (${storeId}, 1)
    on conflict (store_id) do update set version = catalogue_versions.version + 1`.execute(db);
}

/** `load` once per catalogue version of the store (a failed load is not kept). */
export async function cachedByVersion<T>(db: Db, storeId: number, name: string, load: () => Promise<T>): Promise<T> {
  const version = await catalogueVersion(db, storeId);
  let byKey = caches.get(db);
  if (!byKey) caches.set(db, (byKey = new Map()));
  const key = `${storeId}:${name}`;
  const hit = byKey.get(key);
  if (hit && hit.version === version) return hit.value as Promise<T>;
  const value = load();
  byKey.set(key, { version, value });
  value.catch(() => {
    if (byKey.get(key)?.value === value) byKey.delete(key);
  });
  return value;
}
