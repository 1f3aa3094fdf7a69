import { fieldByName, paramSchema, paramValueSchema, validateFields, type EntitySchema } from '../../../schemas';
import { badRequest, notFound, requiredFields } from '../../errors';
import { categoryTree } from './categoryTree';
import { chain } from '../../db/categoryPath';
import {
  COMMON_PARAMS,
  createParam,
  deleteParam,
  deleteValue,
  listValues,
  loadParams,
  numericRanges,
  saveValue,
  scopeOf,
  updateParam,
  type ParamInfo,
} from './params';
import type { ApiContext, Handler } from '../../api/context';
import { fieldsFromInput, flag } from '../../api/input';
import { cachedByVersion } from '../../db/catalogueVersion';
import { isRead } from './categories.api';
import { usedInCategory, type CategoryUse } from './categoryFilters';

const no = (schema: EntitySchema, name: string) => fieldByName(schema, name).no;
const P = {
  paramId: no(paramSchema, 'id'),
  categoryId: no(paramSchema, 'categoryId'),
  valuesCategoryId: no(paramValueSchema, 'categoryId'),
  valuesParamId: no(paramValueSchema, 'paramId'),
  valueId: no(paramValueSchema, 'id'),
  value: no(paramValueSchema, 'name'),
};

const idOf = (raw: string | undefined, field: string) => {
  if (!raw || !/^\d{1,10}$/.test(raw.trim())) throw badRequest('required_fields_error', undefined, [field]);
  // No row has an id beyond a 32-bit integer column (PostgreSQL would refuse to even compare it: a 500).
  if (Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
};

/**
 * The params as api=offers_params sends them, with their values and ranges over every live product of the
 * shop; with `use` (a shopper's filters of one category), only the params, values and ranges its products
 * have (categoryFilters.ts).
 */
async function paramsToApi(ctx: ApiContext, all: ParamInfo[], ownerId: number | null, use?: CategoryUse) {
  const list = use ? all.filter((p) => !p.id || use.present.has(p.baseId)) : all;
  const values = await listValues(ctx.db, ctx.store.id, list.filter((p) => p.kind === 'select' && p.id).map((p) => p.id));
  const ranges = use ? new Map(list.filter((p) => use.ranges.has(p.baseId)).map((p) => [p.id, use.ranges.get(p.baseId)!] as const)) : await numericRanges(ctx.db, ctx.store.id, list.filter((p) => p.id && (p.kind === 'number' || p.kind === 'float')));
  // The cheapest and the dearest live offer, each one step on the price index (a min and a max in one query
  // made SQLite read every live offer's entry: plans.server.test.ts).
  const price = (direction: 'asc' | 'desc') =>
    ctx.db.selectFrom('offers').select('price').where('store_id', '=', ctx.store.id).where('deleted', '=', 0).where('active', '=', 1).orderBy('price', direction).limit(1).executeTakeFirst();
  const prices = use ? use.price : list.some((p) => p.baseId === 283) ? await Promise.all([price('asc'), price('desc')]).then(([min, max]) => ({ min: min?.price, max: max?.price })) : undefined;
  return list.map((p) => {
    const range = p.baseId === 283 ? { min: Number(prices?.min ?? 0), max: Number(prices?.max ?? 0) } : ranges.get(p.id);
    const own = use && p.kind === 'select' ? use.values.get(p.baseId) : undefined;
    return {
      id: String(p.id),
      baseId: String(p.baseId),
      userId: p.id === 0 ? '0' : String(ownerId ?? ''),
      shopId: String(ctx.store.id),
      categoryId: p.categoryId,
      name: p.name,
      kind: p.kind,
      isRequired: p.isRequired ? '1' : '0',
      unit: p.unit,
      sort: p.sort,
      values: p.kind === 'select' ? (values[p.id] ?? []).filter((v) => !own || own.has(v.id)) : [],
      ...(p.kind === 'number' || p.kind === 'float'
        ? { defaultFrom: Math.floor(range?.min ?? 0), defaultTo: Math.ceil(range?.max ?? 0) }
        : {}),
    };
  });
}

/** A category's products not read yet (categoryFilters.ts): its answer waits for a later request. */
const STILL_READING = new Error('still reading');

/**
 * api=offers_params: a category's filters (its own and its parents', plus the common ones: one category
 * path, where every base id means one param), or the common ones alone with user_id=0, or every param of
 * the shop with all=1 (the owner's list; base ids repeat across branches); owner writes set=1 (the first
 * base id from 323 free on the category's paths), update=1, del=1.
 */
export const offersParams: Handler = Object.assign(async (ctx: ApiContext) => {
  const { input, store } = ctx;
  if (flag(input, 'del')) {
    await ctx.requireOwner();
    await deleteParam(ctx.db, store.id, idOf(input.p.get(P.paramId), 'id'));
    return { offers_params: [] };
  }
  const creating = flag(input, 'set');
  if (creating || flag(input, 'update')) {
    await ctx.requireOwner();
    const { values, errors } = validateFields(paramSchema.fields, fieldsFromInput(paramSchema.fields, input), { partial: !creating });
    const missing = errors.filter((e) => e.code === 'required');
    if (missing.length) throw requiredFields(missing);
    if (errors.length) throw badRequest('invalid_input', undefined, errors);
    if (values.categoryId !== undefined && values.categoryId !== '0' && !(await categoryTree(ctx.db, store.id)).byId.has(String(values.categoryId))) {
      throw badRequest('invalid_input', 'Unknown category', ['categoryId']);
    }
    const id = creating ? await createParam(ctx.db, store.id, values) : idOf(input.p.get(P.paramId), 'id');
    if (!creating) await updateParam(ctx.db, store.id, id, values);
    const saved = (await loadParams(ctx.db, store.id)).filter((p) => p.id === id);
    return { offers_params: await paramsToApi(ctx, saved, store.user_id) };
  }
  if (input.raw.user_id === '0' && !input.raw.token) return { offers_params: await paramsToApi(ctx, COMMON_PARAMS, store.user_id) };
  const all = await loadParams(ctx.db, store.id);
  const paramId = input.p.get(P.paramId);
  if (paramId) {
    const one = all.filter((p) => String(p.id) === paramId.trim());
    if (!one.length) throw notFound();
    return { offers_params: await paramsToApi(ctx, one, store.user_id) };
  }
  const categoryId = input.p.get(P.categoryId)?.trim() || '0';
  const everything = flag(input, 'all');
  if (everything) {
    return { offers_params: await cachedByVersion(ctx.db, store.id, 'filters:*', () => paramsToApi(ctx, [...COMMON_PARAMS, ...all], store.user_id)) };
  }
  let path: string[] = [];
  const tree = categoryId !== '0' ? await categoryTree(ctx.db, store.id) : null;
  if (tree) {
    if (!tree.byId.has(categoryId)) throw notFound();
    path = chain(tree, categoryId);
  }
  const inScope = new Set(scopeOf(all, path).values());
  const list = [...COMMON_PARAMS, ...all.filter((p) => inScope.has(p))];
  // The owner sets up a category's filters before it has products; a shopper is offered what its products
  // have, or the shop's filters while a large category's products are still being read (not kept: provisional).
  // Kept per catalogue version like the others (a warm request reads nothing); a load that found the category
  // still being read is not kept (cachedByVersion drops a failed load).
  if (tree !== null && !(await ctx.isOwner())) {
    const used = await cachedByVersion(ctx.db, store.id, `filters:${categoryId}:used`, async () => {
      const use = await usedInCategory(ctx.db, ctx.dialect, store.id, tree, categoryId, all, ctx.services.config.filtersWaitMs);
      if (!use) throw STILL_READING;
      return paramsToApi(ctx, list, store.user_id, use);
    }).catch((e: unknown) => {
      if (e !== STILL_READING) throw e;
      return null;
    });
    if (used) return { offers_params: used };
    ctx.provisional = true;
  }
  // A category's filters change only with the catalogue.
  const filters = await cachedByVersion(ctx.db, store.id, `filters:${categoryId}`, () => paramsToApi(ctx, list, store.user_id));
  // The shop keeps a provisional answer only until it asks again (storefront/features/catalogue/filtersSaga.ts).
  return ctx.provisional ? { offers_params: filters, provisional: true } : { offers_params: filters };
}, { cacheable: isRead });

/** api=offers_params_values: the values of select filters keyed by param id; owner set/update/del of one value. */
export const offersParamsValues: Handler = Object.assign(async (ctx: ApiContext) => {
  const { input, store } = ctx;
  const paramIdRaw = input.p.get(P.valuesParamId);
  if (flag(input, 'del')) {
    await ctx.requireOwner();
    const valueId = input.p.get(P.valueId)?.trim();
    if (!valueId) throw badRequest('required_fields_error', undefined, ['valueId']);
    await deleteValue(ctx.db, store.id, idOf(paramIdRaw, 'paramId'), valueId);
    return { offers_params_values: {} };
  }
  const creating = flag(input, 'set');
  if (creating || flag(input, 'update')) {
    await ctx.requireOwner();
    const paramId = idOf(paramIdRaw, 'paramId');
    const name = (input.p.get(P.value) ?? '').trim();
    if (!name) throw badRequest('required_fields_error', undefined, ['value']);
    if (name.length > 300) throw badRequest('invalid_input', undefined, ['value']);
    const id = await saveValue(ctx.db, store.id, paramId, input.p.get(P.valueId)?.trim(), name, creating);
    return { offers_params_values: { [paramId]: [{ id, name }] } };
  }
  const all = await loadParams(ctx.db, store.id);
  let ids = all.filter((p) => p.kind === 'select').map((p) => p.id);
  if (paramIdRaw) ids = ids.filter((i) => String(i) === paramIdRaw.trim());
  else {
    const categoryId = input.p.get(P.valuesCategoryId)?.trim();
    if (categoryId && categoryId !== '0') {
      const tree = await categoryTree(ctx.db, store.id);
      const chainIds = new Set(['0', ...chain(tree, categoryId)]);
      ids = all.filter((p) => p.kind === 'select' && chainIds.has(p.categoryId)).map((p) => p.id);
    }
  }
  return { offers_params_values: await listValues(ctx.db, store.id, ids) };
}, { cacheable: isRead });
