import { COMMON_FILTERS, CUSTOM_PARAM_FIRST, CUSTOM_PARAM_LAST, NEW_VALUE_SUFFIX, ROOT_CATEGORY_ID, type ParamKind } from '../../../schemas';
import { lockStore } from '../../db/database';
import type { Db, Executor } from '../../db/types';
import { ApiError, badRequest, conflict, notFound } from '../../errors';
import { ancestry } from './ancestry';
import { categoryTree } from './categoryTree';
import { chain } from '../../db/categoryPath';
import { bumpCatalogue, cachedByVersion } from '../../db/catalogueVersion';

export interface ParamInfo {
  id: number;
  baseId: number;
  categoryId: string;
  name: string;
  kind: ParamKind;
  isRequired: boolean;
  unit: string | null;
  sort: number;
}

/** The filters every shop has (userId '0'): price range, pick-up in store, manufacturer's warranty. */
export const COMMON_PARAMS: ParamInfo[] = [
  { id: 0, baseId: COMMON_FILTERS.price, categoryId: '0', name: 'price', kind: 'float', isRequired: false, unit: null, sort: -3 },
  { id: 0, baseId: COMMON_FILTERS.shop, categoryId: '0', name: 'shop', kind: 'bool', isRequired: false, unit: null, sort: -2 },
  { id: 0, baseId: COMMON_FILTERS.warranty, categoryId: '0', name: 'manufacturer_warranty', kind: 'bool', isRequired: false, unit: null, sort: -1 },
];

/**
 * Scope of a custom param's base id: the paths through its category. A base id is unique among the params
 * of one category path (the params of the category's ancestors, of the category itself and of every
 * category below it; a shop-wide param, category '0', is on every path). What one list, filter page or item
 * shows together is one path: the filters of category C are the params of C and its ancestors; an offer of
 * C has values of those params only. Params of different branches share base ids, so every category has
 * the 64 slots 323–386 for the params on its path.
 */

/** The store's params, loaded once per catalogue version. */
export function allParams(db: Db, storeId: number): Promise<ParamInfo[]> {
  return cachedByVersion(db, storeId, 'params', () => loadParams(db, storeId));
}

/**
 * The params one category's lists, filter page and items use, by base id (common ones included): the
 * shop-wide params and those of the category and its ancestors; on a path where two params share a base id
 * (a category moved under another) the deeper one wins. Without a category (the root, a search): the
 * shop-wide params and every param whose base id no other param of the store uses.
 */
export function paramsInScope(db: Db, storeId: number, categoryId: string | null | undefined): Promise<Map<number, ParamInfo>> {
  const id = categoryId && categoryId !== ROOT_CATEGORY_ID ? categoryId : ROOT_CATEGORY_ID;
  return cachedByVersion(db, storeId, `params:${id}`, async () => {
    const [tree, all] = await Promise.all([categoryTree(db, storeId), allParams(db, storeId)]);
    return scopeOf(all, id === ROOT_CATEGORY_ID ? [] : chain(tree, id));
  });
}

/** See paramsInScope; `path` is the category's chain from its top-level category down ([] for the root). */
export function scopeOf(all: ParamInfo[], path: string[]): Map<number, ParamInfo> {
  const out = new Map<number, ParamInfo>(COMMON_PARAMS.map((p) => [p.baseId, p]));
  if (!path.length) {
    const count = new Map<number, number>();
    for (const p of all) count.set(p.baseId, (count.get(p.baseId) ?? 0) + 1);
    for (const p of all) if (p.categoryId === ROOT_CATEGORY_ID || count.get(p.baseId) === 1) out.set(p.baseId, p);
    return out;
  }
  const depth = new Map(path.map((c, i) => [c, i + 1]));
  const best = new Map<number, number>();
  for (const p of all) {
    const d = p.categoryId === ROOT_CATEGORY_ID ? 0 : depth.get(p.categoryId);
    if (d === undefined || (best.get(p.baseId) ?? -1) >= d) continue;
    best.set(p.baseId, d);
    out.set(p.baseId, p);
  }
  return out;
}

/** Every category's parent (hidden ones too: a feed may bring them back). */
export async function loadParents(db: Executor, storeId: number): Promise<Map<string, string>> {
  const rows = await db.selectFrom('categories').select(['id', 'parent_id']).where('store_id', '=', storeId).execute();
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}

export { ancestry };

/** Base ids a new param of this category may not take: those of the params on any path through it. */
export function usedBaseIds(all: ParamInfo[], parents: Map<string, string>, categoryId: string, except?: number): Set<number> {
  const used = new Set<number>();
  const up = new Set(ancestry(parents, categoryId));
  for (const p of all) {
    if (p.id === except) continue;
    if (categoryId === ROOT_CATEGORY_ID || p.categoryId === ROOT_CATEGORY_ID || up.has(p.categoryId) || ancestry(parents, p.categoryId).includes(categoryId)) used.add(p.baseId);
  }
  return used;
}

/**
 * The base id a new param takes: one no param of the shop uses while there is one (a small shop keeps
 * unique base ids, so its filters also work on the root list and in search), else the first one free on
 * the new param's paths (`used`); null when those paths hold 64 params.
 */
export function firstFree(used: Set<number>, shopUsed?: Set<number>): number | null {
  if (shopUsed) for (let b = CUSTOM_PARAM_FIRST; b <= CUSTOM_PARAM_LAST; b++) if (!shopUsed.has(b)) return b;
  for (let b = CUSTOM_PARAM_FIRST; b <= CUSTOM_PARAM_LAST; b++) if (!used.has(b)) return b;
  return null;
}

export const SLOTS = CUSTOM_PARAM_LAST - CUSTOM_PARAM_FIRST + 1;
const noSlot = () => conflict(`A category path has at most ${SLOTS} custom parameters`);

/** Offers whose values of a param of this category are stored under its base id: those in it and below. */
function offersBelow(tx: Executor, storeId: number, parents: Map<string, string>, categoryId: string) {
  const ids = [...parents.keys()].filter((c) => ancestry(parents, c).includes(categoryId));
  return tx.selectFrom('offers').select('id').where('store_id', '=', storeId).where('category_id', 'in', ids.length ? ids : ['\u0000']);
}

export async function loadParams(db: Executor, storeId: number): Promise<ParamInfo[]> {
  const rows = await db.selectFrom('params').selectAll().where('store_id', '=', storeId).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    baseId: r.base_id,
    categoryId: r.category_id,
    name: r.name,
    kind: r.kind as ParamKind,
    isRequired: r.is_required === 1,
    unit: r.unit,
    sort: r.sort,
  }));
}

/** The first base id free on every path through the category (409 when its paths hold 64 params). */
export async function nextBaseId(db: Executor, storeId: number, categoryId: string = ROOT_CATEGORY_ID): Promise<number> {
  const all = await loadParams(db, storeId);
  const b = firstFree(usedBaseIds(all, await loadParents(db, storeId), categoryId), new Set(all.map((p) => p.baseId)));
  if (b === null) throw noSlot();
  return b;
}

export async function createParam(db: Db, storeId: number, v: Record<string, unknown>): Promise<number> {
  const id = await db.transaction().execute(async (tx) => {
    await lockStore(tx, storeId);
    const baseId = await nextBaseId(tx, storeId, String(v.categoryId ?? ROOT_CATEGORY_ID));
    const row = await tx
      .insertInto('params')
      .values({
        store_id: storeId,
        base_id: baseId,
        category_id: String(v.categoryId ?? '0'),
        name: String(v.name),
        kind: String(v.kind ?? 'varchar'),
        is_required: v.isRequired ? 1 : 0,
        unit: (v.unit as string | null) ?? null,
        sort: Number(v.sort ?? 0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bumpCatalogue(tx, storeId);
    return row.id;
  });
  return id;
}

/** Limits a statement on offer_params to the products a param's base id means that param for. */
async function scoped<Q extends { where: (...a: any[]) => any }>(tx: Executor, storeId: number, row: { category_id: string }, q: Q): Promise<Q> {
  if (row.category_id === ROOT_CATEGORY_ID) return q;
  return q.where('offer_id', 'in', offersBelow(tx, storeId, await loadParents(tx, storeId), row.category_id));
}

export async function getParam(db: Executor, storeId: number, id: number) {
  const row = await db.selectFrom('params').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Updates name, category, required flag, unit and sort; the kind is fixed once created. */
export async function updateParam(db: Db, storeId: number, id: number, v: Record<string, unknown>) {
  const row = await getParam(db, storeId, id);
  if (v.kind !== undefined && v.kind !== row.kind) throw badRequest('kind_fixed', 'The kind of an existing filter cannot change', ['kind']);
  const set: Record<string, unknown> = {};
  if (v.name !== undefined) set.name = v.name;
  if (v.categoryId !== undefined) set.category_id = v.categoryId;
  if (v.isRequired !== undefined) set.is_required = v.isRequired ? 1 : 0;
  if (v.unit !== undefined) set.unit = v.unit;
  if (v.sort !== undefined) set.sort = v.sort;
  await db.transaction().execute(async (tx) => {
    if (v.categoryId !== undefined && String(v.categoryId) !== row.category_id) {
      // Moved to another category: its base id must be free on the new paths, else it takes a free one and
      // its products' values follow (a product outside the new category's branch no longer has it).
      await lockStore(tx, storeId);
      const [all, parents] = await Promise.all([loadParams(tx, storeId), loadParents(tx, storeId)]);
      const used = usedBaseIds(all, parents, String(v.categoryId), id);
      const baseId = used.has(row.base_id) ? firstFree(used, new Set(all.filter((p) => p.id !== id).map((p) => p.baseId))) : row.base_id;
      if (baseId === null) throw noSlot();
      const old = offersBelow(tx, storeId, parents, row.category_id);
      const kept = offersBelow(tx, storeId, parents, String(v.categoryId));
      if (String(v.categoryId) !== ROOT_CATEGORY_ID) {
        await tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('base_id', '=', row.base_id).where('offer_id', 'in', row.category_id === ROOT_CATEGORY_ID ? tx.selectFrom('offers').select('id').where('store_id', '=', storeId) : old).where('offer_id', 'not in', kept).execute();
      }
      if (baseId !== row.base_id) {
        await tx.updateTable('offer_params').set({ base_id: baseId }).where('store_id', '=', storeId).where('base_id', '=', row.base_id).where('offer_id', 'in', String(v.categoryId) === ROOT_CATEGORY_ID ? old : kept).execute();
        set.base_id = baseId;
      }
    }
    if (Object.keys(set).length) await tx.updateTable('params').set(set).where('store_id', '=', storeId).where('id', '=', id).execute();
    await bumpCatalogue(tx, storeId);
  });
}

/**
 * After category `movedId` moved under another parent (the categories table holds the new parent): a param
 * of the moved subtree whose base id a param on its new paths also uses takes a free one, shallowest
 * first, and its products' values follow; a path without a free id refuses the move (409, the caller's
 * transaction rolls back), or, given `onNoSlot` (a YML import, which refuses no feed for its shape), is
 * told and the param keeps its id (the deeper of the two is read there). Without this the subtree's values
 * would be read as the new ancestor's param.
 */
export async function rebaseMovedParams(tx: Executor, storeId: number, movedId: string, onNoSlot?: (p: ParamInfo) => void): Promise<void> {
  const [all, parents] = await Promise.all([loadParams(tx, storeId), loadParents(tx, storeId)]);
  const depth = (c: string) => ancestry(parents, c).length;
  const moved = all
    .filter((p) => p.categoryId !== ROOT_CATEGORY_ID && ancestry(parents, p.categoryId).includes(movedId))
    .sort((x, y) => depth(x.categoryId) - depth(y.categoryId) || x.id - y.id);
  for (const p of moved) {
    const used = usedBaseIds(all, parents, p.categoryId, p.id);
    if (!used.has(p.baseId)) continue;
    const baseId = firstFree(used, new Set(all.filter((q) => q.id !== p.id).map((q) => q.baseId)));
    if (baseId === null) {
      if (!onNoSlot) throw noSlot();
      onNoSlot(p);
      continue;
    }
    await moveParamValues(tx, storeId, parents, p.categoryId, p.baseId, baseId);
    await tx.updateTable('params').set({ base_id: baseId }).where('store_id', '=', storeId).where('id', '=', p.id).execute();
    p.baseId = baseId;
  }
}

/** The values of base id `from` on the products under `categoryId` (a param of that category) move to base id `to`. */
export async function moveParamValues(tx: Executor, storeId: number, parents: Map<string, string>, categoryId: string, from: number, to: number): Promise<void> {
  await tx.updateTable('offer_params').set({ base_id: to }).where('store_id', '=', storeId).where('base_id', '=', from).where('offer_id', 'in', offersBelow(tx, storeId, parents, categoryId)).execute();
}

/** Deletes a param, its values and the products' values of it. */
export async function deleteParam(db: Db, storeId: number, id: number) {
  const row = await getParam(db, storeId, id);
  await db.transaction().execute(async (tx) => {
    await (await scoped(tx, storeId, row, tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('base_id', '=', row.base_id))).execute();
    await tx.deleteFrom('param_values').where('store_id', '=', storeId).where('param_id', '=', id).execute();
    await tx.deleteFrom('params').where('store_id', '=', storeId).where('id', '=', id).execute();
    await bumpCatalogue(tx, storeId);
  });
}

export async function listValues(db: Executor, storeId: number, paramIds: number[]) {
  if (!paramIds.length) return {};
  const rows = await db
    .selectFrom('param_values')
    .select(['param_id', 'id', 'name'])
    .where('store_id', '=', storeId)
    .where('param_id', 'in', paramIds)
    .orderBy('sort')
    .orderBy('name')
    .execute();
  const out: Record<string, { id: string; name: string }[]> = {};
  for (const id of paramIds) out[id] = [];
  for (const r of rows) out[r.param_id].push({ id: r.id, name: r.name });
  return out;
}

async function nextValueId(db: Executor, storeId: number, paramId: number) {
  const rows = await db.selectFrom('param_values').select('id').where('store_id', '=', storeId).where('param_id', '=', paramId).execute();
  return String(rows.reduce((m, r) => (/^\d+$/.test(r.id) ? Math.max(m, Number(r.id)) : m), 0) + 1);
}

/** Adds a value (a client's new id ends in '$' and is replaced) or renames an existing one. */
export async function saveValue(db: Db, storeId: number, paramId: number, valueId: string | undefined, name: string, creating: boolean) {
  await getParam(db, storeId, paramId);
  return db.transaction().execute(async (tx) => {
    if (creating || !valueId || valueId.endsWith(NEW_VALUE_SUFFIX)) {
      await lockStore(tx, storeId);
      const id = await nextValueId(tx, storeId, paramId);
      const dup = await tx.selectFrom('param_values').select('id').where('store_id', '=', storeId).where('param_id', '=', paramId).where('name', '=', name).executeTakeFirst();
      if (dup) return dup.id;
      await tx.insertInto('param_values').values({ store_id: storeId, param_id: paramId, id, name, sort: Number(id) }).execute();
      await bumpCatalogue(tx, storeId);
      return id;
    }
    const r = await tx.updateTable('param_values').set({ name }).where('store_id', '=', storeId).where('param_id', '=', paramId).where('id', '=', valueId).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notFound();
    await bumpCatalogue(tx, storeId);
    return valueId;
  });
}

export async function deleteValue(db: Db, storeId: number, paramId: number, valueId: string) {
  const param = await getParam(db, storeId, paramId);
  await db.transaction().execute(async (tx) => {
    const r = await tx.deleteFrom('param_values').where('store_id', '=', storeId).where('param_id', '=', paramId).where('id', '=', valueId).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw notFound();
    await (await scoped(tx, storeId, param, tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('base_id', '=', param.base_id).where('value', '=', valueId))).execute();
    await bumpCatalogue(tx, storeId);
  });
}

/** Min and max of each numeric param (by param id) over its products: the filter's default range. */
export async function numericRanges(db: Executor, storeId: number, params: ParamInfo[]) {
  const out = new Map<number, { min: number; max: number }>();
  if (!params.length) return out;
  // (`num is not null`: min and max skip nulls anyway, and it lets the partial offer_params_num index serve.)
  const range = (q: any) => q.where('num', 'is not', null).select((eb: any) => [eb.fn.min('num').as('min'), eb.fn.max('num').as('max')]);
  const wide = params.filter((p) => p.categoryId === ROOT_CATEGORY_ID);
  if (wide.length) {
    // The lowest and the highest number of each, one step on offer_params_num each (a min and a max over a
    // group read every offer's value of the param: plans.server.test.ts).
    const end = (baseId: number, direction: 'asc' | 'desc') =>
      db.selectFrom('offer_params').select('num').where('store_id', '=', storeId).where('base_id', '=', baseId).where('num', 'is not', null).orderBy('num', direction).limit(1).executeTakeFirst();
    await Promise.all(
      wide.map(async (p) => {
        const [min, max] = await Promise.all([end(p.baseId, 'asc'), end(p.baseId, 'desc')]);
        if (min) out.set(p.id, { min: Number(min.num ?? 0), max: Number(max?.num ?? 0) });
      }),
    );
  }
  const narrow = params.filter((p) => p.categoryId !== ROOT_CATEGORY_ID);
  if (narrow.length) {
    // A base id means this param only for the products of its category's branch.
    const parents = await loadParents(db, storeId);
    for (const p of narrow) {
      const r = await range(db.selectFrom('offer_params').where('store_id', '=', storeId).where('base_id', '=', p.baseId).where('offer_id', 'in', offersBelow(db, storeId, parents, p.categoryId))).executeTakeFirst();
      out.set(p.id, { min: Number(r?.min ?? 0), max: Number(r?.max ?? 0) });
    }
  }
  return out;
}

export const tooManyParams = () => new ApiError(409, 'conflict');

/** The names of select params' values, by `<param id>:<value id>`, for these base ids. */
export async function selectValueNames(db: Executor, storeId: number, baseIds: number[], params: Map<number, ParamInfo>) {
  const ids = [...new Set(baseIds.map((b) => params.get(b)).filter((p) => p?.kind === 'select').map((p) => p!.id))];
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('param_values').select(['param_id', 'id', 'name']).where('store_id', '=', storeId).where('param_id', 'in', ids).execute();
  for (const r of rows) out.set(`${r.param_id}:${r.id}`, r.name);
  return out;
}
