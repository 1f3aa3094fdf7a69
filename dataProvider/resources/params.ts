import { HttpError, type RaRecord } from 'ra-core';
import type { Adapter, AdapterContext } from './adapter';
import { NEW_VALUE_SUFFIX, paramSchema } from '../../schemas/param';
import { asBool, fieldParams, localList, PARAM_CATEGORY, PARAM_ID, VALUE } from '../apiFields';

/** api=offers_params and offers_params_values: a category's filters (or every one at the root), the shop's common ones, saves with their select values. */
export function paramsAdapter({ call, src }: AdapterContext): Adapter {
  const paramRecord = (p: Record<string, unknown>) =>
    ({
      ...p,
      id: p.id === '0' || p.id === 0 ? `common_${p.baseId}` : String(p.id),
      common: p.id === '0' || p.id === 0,
      isRequired: asBool(p.isRequired),
      sort: Number(p.sort ?? 0),
      values: ((p.values as { id: string; name: string }[]) ?? []).map((v) => ({ id: String(v.id), name: v.name })),
    }) as RaRecord;
  // A category's filters (its path), or at the root every param of the shop (all=1: base ids repeat across branches).
  const paramsOf = async (categoryId: unknown, signal?: AbortSignal) =>
    (
      (await call<{ offers_params: Record<string, unknown>[] }>('offers_params', categoryId !== undefined && categoryId !== null && categoryId !== '' && String(categoryId) !== '0' ? { [PARAM_CATEGORY]: String(categoryId) } : { all: 1 }, { signal })).offers_params ?? []
    ).map(paramRecord);
  async function getParam(id: unknown, signal?: AbortSignal) {
    const s = String(id);
    if (s.startsWith('common_')) {
      const common = (await call<{ offers_params: Record<string, unknown>[] }>('offers_params', { user_id: '0' }, { auth: false, signal })).offers_params.map(paramRecord);
      const one = common.find((p) => p.id === s);
      if (!one) throw new HttpError('errors.not_found', 404, null);
      return one;
    }
    const body = await call<{ offers_params: Record<string, unknown>[] }>('offers_params', { [PARAM_ID]: s }, { signal });
    if (!body.offers_params?.[0]) throw new HttpError('errors.not_found', 404, body);
    return paramRecord(body.offers_params[0]);
  }
  /** Saves a filter, then its select values: new rows (ids ending in '$'), renamed rows, removed rows. */
  async function saveParam(data: Record<string, unknown>, previous?: Record<string, unknown>) {
    if (previous?.common) throw new HttpError('errors.forbidden', 403, null);
    const params = fieldParams(paramSchema.fields, data, previous);
    if (previous) Object.assign(params, { update: 1, [PARAM_ID]: String(previous.id) });
    else params.set = 1;
    let saved = previous ? { ...previous } : undefined;
    if (!previous || Object.keys(params).length > 2) {
      const body = await call<{ offers_params: Record<string, unknown>[] }>('offers_params', params);
      saved = paramRecord(body.offers_params[0]);
    }
    const id = String(saved!.id);
    const kind = String(data.kind ?? saved!.kind);
    const categoryId = String(data.categoryId ?? saved!.categoryId ?? '0');
    if (kind === 'select') {
      const rows = ((data.values as { id?: string; name?: string }[]) ?? []).map((v) => ({ id: v.id ? String(v.id) : '', name: String(v.name ?? '').trim() }));
      const old = new Map(((previous?.values as { id: string; name: string }[]) ?? []).map((v) => [String(v.id), v.name]));
      const removed = new Set([...((data.deletedValues as string[]) ?? []).map(String), ...[...old.keys()].filter((k) => !rows.some((r) => r.id === k))]);
      const base = { [VALUE.category]: categoryId, [VALUE.param]: id };
      for (const valueId of removed) if (old.has(valueId)) await call('offers_params_values', { ...base, del: 1, [VALUE.id]: valueId });
      for (const row of rows) {
        if (!row.name) continue;
        if (!row.id || row.id.endsWith(NEW_VALUE_SUFFIX) || !old.has(row.id)) await call('offers_params_values', { ...base, set: 1, [VALUE.id]: row.id || `1${NEW_VALUE_SUFFIX}`, [VALUE.name]: row.name });
        else if (old.get(row.id) !== row.name) await call('offers_params_values', { ...base, update: 1, [VALUE.id]: row.id, [VALUE.name]: row.name });
      }
    }
    return getParam(id);
  }

  return {
    async list(params) {
      const { categoryId, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
      return localList(await paramsOf(categoryId, params.signal), { ...params, filter }, (r) => String(r.name ?? ''));
    },
    one: getParam,
    save: saveParam,
    async remove(id, previousData) {
      if (String(id).startsWith('common_')) throw new HttpError('errors.forbidden', 403, null);
      return call('offers_params', { del: 1, [PARAM_ID]: String(id), ...(previousData?.categoryId !== undefined ? { [PARAM_CATEGORY]: String(previousData.categoryId) } : {}) });
    },
  };
}
