import { sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Db } from '../../db/types';
import { catalogueShape, catalogueVersion, categoryChanges } from '../../db/catalogueVersion';
import { chain, type CategoryTree } from '../../db/categoryPath';
import { categoryTree, descendants } from './categoryTree';
import { chunks } from '../../lib/chunks';
import { allParams, scopeOf, type ParamInfo } from './params';

/** What the live products of one category (and of the categories below it) use of its filters. */
export interface CategoryUse {
  /** The base ids of the params its products have a value of. */
  present: Set<number>;
  /** Select params: the value ids its products have, by base id. */
  values: Map<number, Set<string>>;
  /** Params with numbers: the lowest and the highest of its products, by base id. */
  ranges: Map<number, { min: number; max: number }>;
  /** The cheapest and the dearest of its products; null when it has none. */
  price: { min: number; max: number } | null;
}

/** A category's own products' use, with the param each base id meant on its path when it was read. */
interface OwnUse extends CategoryUse {
  meaning: Map<number, number>;
}

/** A category's own use as read for a shape: the reading, and its result once there. */
interface Part {
  shape: number;
  use: Promise<OwnUse>;
  done?: OwnUse;
  /** The catalogue version seen before the reading (set with `done`): an owner's save of the category after it makes it read again. */
  version?: number;
}
const caches = new WeakMap<object, Map<string, Part>>();
/**
 * The parts looked up in category_uses and not found there current (no row for the shape, or one older than
 * the category's last save), by `${storeId}:${id}`: the shape and the save's version of that look-up. This
 * process reads such a part itself, so the requests until it has (a top category at a million products:
 * 1.4 s) do not ask the database again; a new shape or save of the category asks again, and so does a
 * reading that failed. One per category read, as `caches`; the part's own reading forgets it once kept.
 */
const absent = new WeakMap<object, Map<string, string>>();
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A store's categories are read one at a time, whatever the requests asking for them: after a product write
 * at a million products, reading every category is some ten seconds of work, and many requests reading at
 * once took every turn of the event loop (p99 4 s for every kind of request in the bench).
 */
const queues = new WeakMap<object, Map<number, Promise<unknown>>>();
function inTurn<T>(db: Db, storeId: number, job: () => Promise<T>): Promise<T> {
  let byStore = queues.get(db);
  if (!byStore) queues.set(db, (byStore = new Map()));
  const run = (byStore.get(storeId) ?? Promise.resolve()).then(job);
  const settled = run.then(nextTurn, nextTurn);
  byStore.set(storeId, settled);
  void settled.then(() => byStore.get(storeId) === settled && byStore.delete(storeId));
  return run;
}

/**
 * A shopper's filters of a category offer only what its products have: a feed's params are shop-wide when
 * their products span branches (a YML `<param>` names no category), so without this a phone list offered
 * every colour of the shop and a price range from the cheapest product of the shop to its dearest.
 *
 * Each category's own products are read once per catalogue shape (orders and thumbnails leave it: stock
 * and pictures do not change what is offered) and kept per process; a category's answer merges those of
 * the categories below it. A category not read yet costs a pass over its products and their params, one
 * category of the store at a time with a turn of the event loop between. A large one takes longer than a
 * request should wait (a top category at a million products: over a second): after `waitMs`
 * (config.filtersWaitMs; 0: only what is read already) the answer is null, offer the shop's filters for now,
 * and the reading goes on, so a later request has it.
 */
export async function usedInCategory(db: Db, dialect: Dialect, storeId: number, tree: CategoryTree, categoryId: string, all: ParamInfo[], waitMs: number): Promise<CategoryUse | null> {
  const [shape, changed] = await Promise.all([catalogueShape(db, storeId), categoryChanges(db, storeId)]);
  // A shape this process has not read ahead yet: every category is read in the background from now on.
  if ((aheads.get(db)?.get(storeId)?.shape ?? -1) < shape) readAllCategories(db, dialect, storeId, shape).catch(() => undefined);
  let byKey = caches.get(db);
  if (!byKey) caches.set(db, (byKey = new Map()));
  const cache = byKey;
  const ids = descendants(tree, categoryId);
  const scope = [...scopeOf(all, chain(tree, categoryId)).values()];
  // A part read for this shape, and after the owner's last save of the category's own products (if any).
  const fresh = (id: string, hit: Part) => !changed.has(id) || hit.version! >= changed.get(id)!;
  // What a look-up in category_uses found for this shape and the category's last save (absent.get).
  const lookedUp = (id: string) => `${shape}:${changed.get(id) ?? ''}`;
  const readyNow = () =>
    ids.map((id) => {
      const hit = cache.get(`${storeId}:${id}`);
      return hit?.shape === shape && hit.done && fresh(id, hit) ? hit.done : undefined;
    });
  let ready = readyNow();
  if (ready.every((u) => u)) return merge(ready as OwnUse[], scope);
  // What another process (or this one before a restart) read for this shape, kept in the database.
  await takeStored(db, storeId, shape, cache, ids.filter((_, k) => !ready[k]), fresh, lookedUp);
  ready = readyNow();
  if (ready.every((u) => u)) return merge(ready as OwnUse[], scope);
  const reading = (async () => {
    const own: OwnUse[] = [];
    for (const id of ids) {
      const key = `${storeId}:${id}`;
      const hit = cache.get(key);
      if (hit?.shape === shape) {
        const use = await hit.use.catch(() => null);
        if (use && fresh(id, hit)) {
          own.push(use);
          continue;
        }
      }
      const entry: Part = {
        shape,
        use: inTurn(db, storeId, async () => {
          // Seen before the reading: what is saved later is newer than the part, and makes it read again.
          const version = await catalogueVersion(db, storeId);
          const use = await ownUse(db, dialect, storeId, id, [...scopeOf(all, chain(tree, id)).values()]);
          entry.version = version;
          saveUse(db, storeId, id, shape, version, use).catch(() => undefined);
          return use;
        }),
      };
      cache.set(key, entry);
      entry.use.then(
        (u) => {
          entry.done = u;
          absent.get(db)?.delete(key);
        },
        () => {
          if (cache.get(key) === entry) cache.delete(key);
          // Another process may have read it meanwhile: the next request looks in the database again.
          absent.get(db)?.delete(key);
        },
      );
      own.push(await entry.use);
    }
    return own;
  })();
  reading.catch(() => undefined);
  if (waitMs <= 0) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, waitMs, null)));
  const own = await Promise.race([reading, late]).finally(() => clearTimeout(timer));
  if (!own) return null;
  return merge(own, scope);
}

/** A part as category_uses keeps it (JSON of its maps and sets). */
const storedText = (u: OwnUse) =>
  JSON.stringify({ m: [...u.meaning], p: [...u.present], v: [...u.values].map(([k, set]) => [k, [...set]]), r: [...u.ranges].map(([k, r]) => [k, r.min, r.max]), c: u.price });
function fromStored(text: string): OwnUse {
  const j = JSON.parse(text) as { m: [number, number][]; p: number[]; v: [number, string[]][]; r: [number, number, number][]; c: OwnUse['price'] };
  return { meaning: new Map(j.m), present: new Set(j.p), values: new Map(j.v.map(([k, set]) => [k, new Set(set)])), ranges: new Map(j.r.map(([k, min, max]) => [k, { min, max }])), price: j.c };
}

/** Keeps a part for the other processes and the next start; a reading of an older shape or version never overwrites a newer one. */
async function saveUse(db: Db, storeId: number, categoryId: string, shape: number, version: number, use: OwnUse): Promise<void> {
  const text = storedText(use);
  await db
    .insertInto('category_uses')
    .values({ store_id: storeId, category_id: categoryId, shape, version, use: text })
    .onConflict((oc) =>
      oc
        .columns(['store_id', 'category_id'])
        .doUpdateSet({ shape, version, use: text })
        .where(sql<boolean>`category_uses.shape < ${shape} or (category_uses.shape = ${shape} and category_uses.version <= ${version})`),
    )
    .execute();
}

/**
 * Puts into this process's parts those of `ids` kept in the database for this shape and still current. Those
 * it does not find are remembered with `lookedUp(id)` (what could change the answer: the shape and the
 * category's last save) and not asked for again until that changes (absent).
 */
async function takeStored(
  db: Db,
  storeId: number,
  shape: number,
  cache: Map<string, Part>,
  ids: string[],
  fresh: (id: string, part: Part) => boolean,
  lookedUp: (id: string) => string,
): Promise<void> {
  const missing = absent.get(db) ?? new Map<string, string>();
  absent.set(db, missing);
  const unknown = ids.filter((id) => missing.get(`${storeId}:${id}`) !== lookedUp(id));
  for (const batch of chunks(unknown)) {
    const rows = await db
      .selectFrom('category_uses')
      .select(['category_id', 'version', 'use'])
      .where('store_id', '=', storeId)
      .where('category_id', 'in', batch)
      .where('shape', '=', shape)
      .execute();
    const found = new Set<string>();
    for (const r of rows) {
      const key = `${storeId}:${r.category_id}`;
      const hit = cache.get(key);
      // A reading under way here, or a current part, stays.
      if (hit?.shape === shape && (!hit.done || fresh(r.category_id, hit))) continue;
      const done = fromStored(r.use);
      const part: Part = { shape, use: Promise.resolve(done), done, version: Number(r.version) };
      if (!fresh(r.category_id, part)) continue;
      cache.set(key, part);
      found.add(r.category_id);
    }
    for (const id of batch) {
      const key = `${storeId}:${id}`;
      if (found.has(id)) missing.delete(key);
      else missing.set(key, lookedUp(id));
    }
  }
}

/** The shape each store's categories are being (or were) read ahead for, per database, in this process. */
const aheads = new WeakMap<object, Map<number, { shape: number; done: Promise<void> }>>();

/**
 * Reads every category's part in the background, one at a time, before shoppers ask (the first ones would
 * otherwise be offered the shop's filters while their large categories are read): once per shape of the store in
 * this process. A finished import starts it (yml jobs), and so does the first request of any process that meets a
 * new shape (the other workers after an import, a restart); a reading whose shape has moved on stops.
 */
export async function readAllCategories(db: Db, dialect: Dialect, storeId: number, known?: number): Promise<void> {
  const shape = known ?? (await catalogueShape(db, storeId));
  let byStore = aheads.get(db);
  if (!byStore) aheads.set(db, (byStore = new Map()));
  const was = byStore.get(storeId);
  if (was && was.shape >= shape) return was.done;
  const entry = { shape, done: Promise.resolve() };
  byStore.set(storeId, entry);
  entry.done = (async () => {
    const [tree, all] = await Promise.all([categoryTree(db, storeId), allParams(db, storeId)]);
    for (const top of tree.roots) {
      if (byStore.get(storeId) !== entry) return;
      // (As long as it takes: the longest wait a timer has.)
      await usedInCategory(db, dialect, storeId, tree, top, all, 2 ** 31 - 1);
    }
  })();
  return entry.done;
}

/** The store's reading ahead in this process (tests wait for it), if one was started. */
export const readingAhead = (db: Db, storeId: number): Promise<void> | undefined => aheads.get(db)?.get(storeId)?.done;

/** The use of the category's params (by the param each base id means here) over the categories' own uses. */
function merge(own: OwnUse[], params: ParamInfo[]): CategoryUse {
  const out: CategoryUse = { present: new Set(), values: new Map(), ranges: new Map(), price: null };
  for (const u of own) {
    if (u.price) out.price = out.price ? { min: Math.min(out.price.min, u.price.min), max: Math.max(out.price.max, u.price.max) } : u.price;
    for (const p of params) {
      if (!p.id || u.meaning.get(p.baseId) !== p.id || !u.present.has(p.baseId)) continue;
      out.present.add(p.baseId);
      const values = u.values.get(p.baseId);
      if (values) out.values.set(p.baseId, new Set([...(out.values.get(p.baseId) ?? []), ...values]));
      const r = u.ranges.get(p.baseId);
      const was = out.ranges.get(p.baseId);
      if (r) out.ranges.set(p.baseId, was ? { min: Math.min(was.min, r.min), max: Math.max(was.max, r.max) } : r);
    }
  }
  return out;
}

/** One pass over a category's own live products and their params, grouped by base id and value. */
async function ownUse(db: Db, dialect: Dialect, storeId: number, categoryId: string, params: ParamInfo[]): Promise<OwnUse> {
  const custom = params.filter((p) => p.id);
  const out: OwnUse = { meaning: new Map(custom.map((p) => [p.baseId, p.id])), present: new Set(), values: new Map(), ranges: new Map(), price: null };
  const live = (q: any) => q.where('o.store_id', '=', storeId).where('o.category_id', '=', categoryId).where('o.deleted', '=', 0).where('o.active', '=', 1);
  const select = custom.filter((p) => p.kind === 'select').map((p) => p.baseId);
  // `+ 0`: PostgreSQL would take a min or a max as the first entry of the shop's price index, walking it
  // through other categories' products; the category's own index entries are what is wanted.
  const price = live(db.selectFrom('offers as o'))
    .select((eb: any) => [eb.fn.min(sql`o.price + 0`).as('min'), eb.fn.max(sql`o.price + 0`).as('max')])
    .executeTakeFirst() as Promise<{ min: number | null; max: number | null } | undefined>;
  const bases = custom.map((p) => p.baseId);
  // Only a select's values are wanted: the other kinds' values are one group each ('', with a number's range).
  const value = select.length ? sql<string>`case when op.base_id in (${sql.join(select)}) then op.value else '' end` : sql<string>`''`;
  // The category's products first, then each one's params by the primary key. Joined by ON, SQLite went from
  // the params' value index through every product of the shop that has one, and PostgreSQL hashed all the
  // shop's params: SQLite keeps a cross join's order; PostgreSQL keeps a lateral subquery that has an OFFSET.
  const pairs =
    dialect === 'postgres'
      ? db.selectFrom('offers as o').crossJoinLateral((eb) =>
          eb
            .selectFrom('offer_params as p')
            .select(['p.base_id', 'p.value', 'p.num'])
            .whereRef('p.store_id', '=', 'o.store_id')
            .whereRef('p.offer_id', '=', 'o.id')
            .where('p.base_id', 'in', bases)
            .offset(0)
            .as('op'),
        )
      : db.selectFrom('offers as o').crossJoin('offer_params as op').whereRef('op.store_id', '=', 'o.store_id').whereRef('op.offer_id', '=', 'o.id').where('op.base_id', 'in', bases);
  const used = bases.length
    ? (live(pairs)
        .select((eb: any) => ['op.base_id', value.as('v'), eb.fn.min('op.num').as('min'), eb.fn.max('op.num').as('max')])
        .groupBy(['op.base_id', 'v'])
        .execute() as Promise<{ base_id: number; v: string; min: number | null; max: number | null }[]>)
    : Promise.resolve([]);
  const [p, rows] = await Promise.all([price, used]);
  if (p && p.min !== null && p.max !== null) out.price = { min: Number(p.min), max: Number(p.max) };
  const isSelect = new Set(select);
  for (const r of rows) {
    const base = Number(r.base_id);
    out.present.add(base);
    if (isSelect.has(base)) {
      let set = out.values.get(base);
      if (!set) out.values.set(base, (set = new Set()));
      set.add(r.v);
    } else if (r.min !== null) out.ranges.set(base, { min: Number(r.min), max: Number(r.max) });
  }
  return out;
}
