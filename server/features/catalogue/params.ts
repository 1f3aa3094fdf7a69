import { COMMON_FILTERS, CUSTOM_PARAM_FIRST, CUSTOM_PARAM_LAST, NEW_VALUE_SUFFIX, type ParamKind } from '../../../schemas';
import { lockStore } from '../../db/database';
import type { Db, Executor } from '../../db/types';
import { ApiError, badRequest, conflict, notFound } from '../../errors';
import { bumpCatalogue, cachedByVersion } from './version';

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

/** The store's params by base id (custom and common), loaded once per catalogue version. */
export function paramsByBase(db: Db, storeId: number): Promise<Map<number, ParamInfo>> {
  return cachedByVersion(db, storeId, 'params', () => loadParams(db, storeId).then((list) => new Map([...COMMON_PARAMS, ...list].map((p) => [p.baseId, p]))));
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

export async function nextBaseId(db: Executor, storeId: number): Promise<number> {
  const used = new Set((await db.selectFrom('params').select('base_id').where('store_id', '=', storeId).execute()).map((r) => r.base_id));
  for (let b = CUSTOM_PARAM_FIRST; b <= CUSTOM_PARAM_LAST; b++) if (!used.has(b)) return b;
  throw conflict(`A shop has at most ${CUSTOM_PARAM_LAST - CUSTOM_PARAM_FIRST + 1} custom parameters`);
}

export async function createParam(db: Db, storeId: number, v: Record<string, unknown>): Promise<number> {
  const id = await db.transaction().execute(async (tx) => {
    await lockStore(tx, storeId);
    const baseId = await nextBaseId(tx, storeId);
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
  if (Object.keys(set).length) await db.updateTable('params').set(set).where('store_id', '=', storeId).where('id', '=', id).execute();
  await bumpCatalogue(db, storeId);
}

/** Deletes a param, its values and the products' values of it. */
export async function deleteParam(db: Db, storeId: number, id: number) {
  const row = await getParam(db, storeId, id);
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('base_id', '=', row.base_id).execute();
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
    await tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('base_id', '=', param.base_id).where('value', '=', valueId).execute();
    await bumpCatalogue(tx, storeId);
  });
}

/** Min and max of each numeric param over the store's live products: the filter's default range. */
export async function numericRanges(db: Executor, storeId: number, baseIds: number[]) {
  if (!baseIds.length) return new Map<number, { min: number; max: number }>();
  const rows = await db
    .selectFrom('offer_params')
    .select((eb) => ['base_id', eb.fn.min('num').as('min'), eb.fn.max('num').as('max')])
    .where('store_id', '=', storeId)
    .where('base_id', 'in', baseIds)
    .groupBy('base_id')
    .execute();
  return new Map(rows.map((r) => [r.base_id, { min: Number(r.min ?? 0), max: Number(r.max ?? 0) }]));
}

export const tooManyParams = () => new ApiError(409, 'conflict');
