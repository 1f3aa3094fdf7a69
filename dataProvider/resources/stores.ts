import { HttpError, type RaRecord } from 'ra-core';
import type { Params } from '../apiClient';
import type { Adapter, AdapterContext } from './adapter';
import { storeSchema } from '../../schemas/store';
import { asBool, fieldParams, pKey, STORE_ID, type PickedFile } from '../apiFields';

/** api=stores: the shop's settings as one record; a rich-text page saved on its own. */
export function storesAdapter({ call, src }: AdapterContext): Adapter {
  const storeRecord = (s: Record<string, unknown>) => {
    const rec: Record<string, unknown> = { ...s, id: String(s.id) };
    for (const field of storeSchema.fields) {
      if (field.type !== 'bool') continue;
      if (field.group) {
        const g = (rec[field.group] = { ...((rec[field.group] as Record<string, unknown>) ?? {}) }) as Record<string, unknown>;
        if (field.key in g) g[field.key] = asBool(g[field.key]);
      } else if (field.name in rec) rec[field.name] = asBool(rec[field.name]);
    }
    rec.logoSrc = src(s.logo);
    return rec as RaRecord;
  };
  const getStore = async (signal?: AbortSignal) => {
    const body = await call<{ stores: Record<string, unknown>[] }>('stores', {}, { signal });
    if (!body.stores?.[0]) throw new HttpError('errors.not_found', 404, body);
    return storeRecord(body.stores[0]);
  };
  /** meta.page names a single rich-text page (about_company, delivery, payment, contacts): text=1 and its flag. */
  async function saveStore(data: Record<string, unknown>, previous: Record<string, unknown> | undefined, meta?: { page?: string }) {
    let params: Params;
    if (meta?.page) {
      const field = storeSchema.fields.find((x) => x.name === meta.page && x.type === 'wysiwyg');
      if (!field) throw new HttpError('errors.invalid_input', 400, null);
      params = { update: 1, text: 1, [meta.page === 'about_company' ? 'about' : meta.page]: 1, [pKey(field)]: String(data[field.name] ?? '') };
    } else {
      params = { ...fieldParams(storeSchema.fields, data, previous), update: 1 };
      // The shop's pictures (logo, favicon): a picked file is uploaded in the field's slot; a changed text (a link, or '' to remove) is sent as it is.
      for (const field of storeSchema.fields.filter((x) => x.type === 'image' && !x.readOnly)) {
        const v = data[field.name] as PickedFile | string | null | undefined;
        if (v && typeof v === 'object' && v.rawFile) params[pKey(field)] = v.rawFile;
        else if ((typeof v === 'string' || v === null) && (v ?? '') !== (previous?.[field.name] ?? '')) params[pKey(field)] = v ?? '';
      }
    }
    params[STORE_ID] = String(previous?.id ?? data.id ?? '1');
    const body = await call<{ stores: Record<string, unknown>[] }>('stores', params);
    return storeRecord(body.stores[0]);
  }

  return {
    list: async (params) => ({ data: [await getStore(params.signal)], total: 1 }),
    one: (_id, signal) => getStore(signal),
    save: saveStore,
  };
}
