import { type RaRecord } from 'ra-core';
import type { Adapter, AdapterContext } from './adapter';
import { categorySchema } from '../../schemas/category';
import { fieldByName } from '../../schemas/field';
import { asBool, CATEGORY_ID, fieldParams, localList, pKey, withTreeInfo } from '../apiFields';

/**
 * api=offers_category: the whole tree (with depth, path and order) listed locally, one category, saves. The
 * owner's: with the categories an import (or the owner) hid, each marked `hidden`.
 */
export function categoriesAdapter({ call, src }: AdapterContext): Adapter {
  const categoryRecord = (c: Record<string, unknown>) => ({ ...c, id: String(c.categoryId), end: asBool(c.end), hidden: asBool(c.hidden), sort: Number(c.sort ?? 0) }) as RaRecord;
  /** The whole tree, each with its `depth`, its route `path` (ids from the top joined by '-') and `treeIndex` (parents before children, in sort order). */
  const categories = async (signal?: AbortSignal) => {
    const list = ((await call<{ offers_category: Record<string, unknown>[] }>('offers_category', { with_hidden: 1 }, { signal })).offers_category ?? []).map(categoryRecord);
    return withTreeInfo(list);
  };
  async function saveCategory(data: Record<string, unknown>, previous?: Record<string, unknown>) {
    const params = fieldParams(categorySchema.fields, data, previous);
    // An icon picked from a file is uploaded in the picture's slot (the server stores it and answers its path).
    const file = (data.pictureFile as { rawFile?: File } | undefined)?.rawFile;
    if (file) params[pKey(fieldByName(categorySchema, 'picture'))] = file;
    if (previous) Object.assign(params, { update: 1, [CATEGORY_ID]: String(previous.id) });
    else params.set = 1;
    const body = await call<{ offers_category: Record<string, unknown>[] }>('offers_category', params);
    return categoryRecord(body.offers_category[0]);
  }

  return {
    list: async (params) => localList(await categories(params.signal), params, (r) => String(r.category ?? '')),
    async one(id, signal) {
      const body = await call<{ offers_category: Record<string, unknown>[] }>('offers_category', { [CATEGORY_ID]: String(id), with_hidden: 1 }, { signal });
      return categoryRecord(body.offers_category[0]);
    },
    save: saveCategory,
    remove: (id) => call('offers_category', { del: 1, [CATEGORY_ID]: String(id) }),
  };
}
