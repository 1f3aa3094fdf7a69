import { CompiledQuery, sql } from 'kysely';
import { driverOf } from './database';
import { HighWater } from './highWater';
import type { Db, Executor } from './types';

/**
 * Per-process caches of catalogue data derived from the database (the category tree, the params, the
 * category list as the API sends it, whole answers: api/responseCache.ts), keyed by database and store and
 * valid for one catalogue version.
 *
 * Every catalogue write calls bumpCatalogue in its transaction: the row in catalogue_versions goes up by
 * one, so every process (WORKERS) sees the new version on its next read. A read costs one primary-key
 * lookup, shared by the concurrent requests of a store (one query in flight).
 *
 * What a version stands for: anything cached under version v was read after v was seen committed, so it is
 * at least as new as v; while the database still says v, nothing has changed since.
 */
interface Pending {
  /** performance.now() when the query was sent. */
  at: number;
  version: Promise<number>;
  /** The lookup sent right after this one, for calls that arrived while this one was in flight. */
  next?: Promise<number>;
  /** The latest arrival (performance.now()) of those calls. */
  latestCaller?: number;
}
const inFlight = new WeakMap<object, Map<number, Pending>>();
/** The highest version this process has seen per store (versions only go up). */
const seen = new HighWater();
const caches = new WeakMap<object, Map<string, { version: number; value: Promise<unknown> }>>();
/** The lookup, compiled once per database (no query building on the hot path), for a transaction's Kysely object. */
const compiled = new WeakMap<object, (storeId: number) => CompiledQuery>();
/** The lookup as a better-sqlite3 statement prepared once per database (SQLite), or null where there is none. */
const statements = new WeakMap<object, { get(storeId: number): unknown } | null>();
const VERSION_SQL = 'select version from catalogue_versions where store_id = ';

function versionQuery(db: Db) {
  let make = compiled.get(db);
  if (!make) {
    const { sql: text } = db.selectFrom('catalogue_versions').select('version').where('store_id', '=', 0).compile();
    make = (storeId: number) => CompiledQuery.raw(text, [storeId]);
    compiled.set(db, make);
  }
  return make;
}

function statementOf(db: Db) {
  let stmt = statements.get(db);
  if (stmt === undefined) {
    const sqlite = driverOf(db)?.sqlite;
    stmt = sqlite ? sqlite.prepare(`${VERSION_SQL}?`).pluck() : null;
    statements.set(db, stmt);
  }
  return stmt;
}

/** Keeps versions monotonic per process: the answer is never below one this process has seen. */
const remember = (db: Db, storeId: number, read: number): number => seen.see(db, storeId, read);

/**
 * The version read right now, synchronously: SQLite's own connection, outside a transaction (inside one
 * the connection would see that transaction's own uncommitted bump, and Kysely holds the connection for
 * it, so those reads queue behind it as any query does). undefined where it cannot (PostgreSQL, a
 * transaction's Kysely object, a transaction open on the connection): use catalogueVersion.
 */
export function catalogueVersionNow(db: Db, storeId: number): number | undefined {
  const stmt = statementOf(db);
  if (!stmt) return undefined;
  const sqlite = driverOf(db)!.sqlite!;
  if (sqlite.inTransaction || !sqlite.open) return undefined;
  return remember(db, storeId, Number(stmt.get(storeId) ?? 0));
}

/**
 * The store's catalogue version. `notBefore` (a performance.now() time, e.g. when a request arrived): the
 * answer comes from a lookup sent at or after it, so a write committed before then (by any process) is
 * seen; without it, a lookup already in flight is shared whenever it was sent. Either way the answer is
 * never below a version this process has already seen. On SQLite outside a transaction it is read at once
 * (catalogueVersionNow); on PostgreSQL as a named statement of the pool (parsed and planned once per
 * connection), without Kysely's connection handling.
 */
export function catalogueVersion(db: Db, storeId: number, notBefore?: number): Promise<number> {
  let byStore = inFlight.get(db);
  if (!byStore) inFlight.set(db, (byStore = new Map()));
  if (notBefore !== undefined && hasStatement(db)) return nextTurnRead(db, storeId, byStore);
  const now = catalogueVersionNow(db, storeId);
  if (now !== undefined) return Promise.resolve(now);
  const pending = byStore.get(storeId);
  if (!pending) return send(db, storeId, byStore).version;
  if (notBefore === undefined || pending.at > notBefore) return pending.version;
  // In flight since before this call arrived: wait for the lookup sent as soon as that one is back, shared by
  // every call that arrives meanwhile (under load one lookup per round trip, not one per request).
  pending.latestCaller = Math.max(pending.latestCaller ?? 0, notBefore);
  pending.next ??= pending.version.then(noop, noop).then(() => {
    const current = byStore.get(storeId);
    return current && current.at > pending.latestCaller! ? current.version : send(db, storeId, byStore).version;
  });
  return pending.next;
}
const noop = () => undefined;

/** SQLite reads of this event-loop turn, per database and store. */
const turns = new WeakMap<object, Map<number, Promise<number>>>();
const hasStatement = (db: Db) => !!statementOf(db);

/**
 * SQLite, for calls that must see what was committed before they arrived: one read at the end of this turn of
 * the event loop (setImmediate), shared by every call of the turn (under load many requests reach this point
 * in one turn; each read of a WAL database takes its shared-memory locks). It runs after all of them arrived;
 * inside a transaction of the connection it goes through Kysely as any query.
 */
function nextTurnRead(db: Db, storeId: number, byStore: Map<number, Pending>): Promise<number> {
  let byDb = turns.get(db);
  if (!byDb) turns.set(db, (byDb = new Map()));
  let read = byDb.get(storeId);
  if (!read) {
    const map = byDb;
    read = new Promise<number>((resolve, reject) =>
      setImmediate(() => {
        map.delete(storeId);
        try {
          const v = catalogueVersionNow(db, storeId);
          if (v !== undefined) resolve(v);
          else send(db, storeId, byStore).version.then(resolve, reject);
        } catch (e) {
          reject(e);
        }
      }),
    );
    byDb.set(storeId, read);
  }
  return read;
}

function send(db: Db, storeId: number, byStore: Map<number, Pending>): Pending {
  const at = performance.now();
  const pool = driverOf(db)?.pool;
  const rows: Promise<{ version: number | string }[]> = pool
    ? pool.query<{ version: number | string }>({ name: 'catalogue_version', text: `${VERSION_SQL}$1`, values: [storeId] }).then((r) => r.rows)
    : db.executeQuery<{ version: number | string }>(versionQuery(db)(storeId)).then((r) => r.rows);
  const version = rows
    .then((r) => remember(db, storeId, Number(r[0]?.version ?? 0)))
    .finally(() => {
      if (byStore.get(storeId)?.version === version) byStore.delete(storeId);
    });
  const pending: Pending = { at, version };
  byStore.set(storeId, pending);
  return pending;
}

/**
 * Marks the store's catalogue as changed for every process; pass the write's transaction when there is one.
 * `only`: the write changed nothing but stock or pictures, or only the own products of `categories` (one
 * product's save), so the shape (catalogueShape) stays.
 */
export async function bumpCatalogue(db: Executor, storeId: number, only?: 'stock' | 'pictures' | { categories: (string | null | undefined)[] }): Promise<void> {
  if (only) {
    await sql`insert into catalogue_versions (store_id, version) values (${storeId}, 1)
      on conflict (store_id) do update set version = catalogue_versions.version + 1`.execute(db);
  } else {
    await sql`insert into catalogue_versions (store_id, version, shape) values (${storeId}, 1, 1)
      on conflict (store_id) do update set version = catalogue_versions.version + 1, shape = catalogue_versions.shape + 1`.execute(db);
  }
  if (typeof only !== 'object') return;
  // One product's save changed only these categories' own products: the shape stays, and these are marked
  // with the new version (what was read of them before it is read again: features/catalogue/categoryFilters.ts).
  // One statement for all of them (a bulk action may touch many): VALUES names its column column1 on both databases.
  const ids = [...new Set(only.categories.filter((c): c is string => !!c))];
  if (!ids.length) return;
  await sql`insert into category_changes (store_id, category_id, version)
    select v.store_id, c.column1, v.version from catalogue_versions as v, (values ${sql.join(ids.map((id) => sql`(${id})`))}) as c
    where v.store_id = ${storeId}
    on conflict (store_id, category_id) do update set version = excluded.version`.execute(db);
}

/** The store's categories an owner's save changed without a new shape, with the version of each one's last change. */
export function categoryChanges(db: Db, storeId: number): Promise<Map<string, number>> {
  return cachedByVersion(db, storeId, 'category_changes', async () => {
    const rows = await db.selectFrom('category_changes').select(['category_id', 'version']).where('store_id', '=', storeId).execute();
    return new Map(rows.map((r) => [r.category_id, Number(r.version)]));
  });
}

/**
 * The store's catalogue shape: which products exist, in which categories, with which params and prices
 * (migrations/2026113040_catalogue_shape.ts). Read afresh: what is cached by it is at least as new as it.
 */
export async function catalogueShape(db: Executor, storeId: number): Promise<number> {
  const row = await db.selectFrom('catalogue_versions').select('shape').where('store_id', '=', storeId).executeTakeFirst();
  return Number(row?.shape ?? 0);
}

/** `load` once per catalogue version of the store (a failed load is not kept). */
export async function cachedByVersion<T>(db: Db, storeId: number, name: string, load: () => Promise<T>): Promise<T> {
  const version = catalogueVersionNow(db, storeId) ?? (await catalogueVersion(db, storeId));
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
