import { type GetListParams, type GetListResult, type RaRecord } from 'ra-core';
// Each from its own file, not the schemas index: the index also brings yup (validate.ts), which the
// panel's first screen does not need.
import { offerSchema } from '../schemas/offer';
import { paramSchema, paramValueSchema } from '../schemas/param';
import { bannerSchema } from '../schemas/banner';
import { categorySchema } from '../schemas/category';
import { storeSchema } from '../schemas/store';
import { formKey, isBlank, type FieldDef } from '../schemas/field';
import type { Params } from './apiClient';

/* The registry's form keys and value codings the api= resources share (resources/*.ts). */

/** A file chosen in a react-admin FileInput / ImageInput. */
export interface PickedFile {
  rawFile?: Blob;
  src?: string;
  title?: string;
}

export interface OfferImage {
  id: string;
  img: string;
  thumb: string;
  src: string | null;
  thumbSrc: string | null;
}

export const pKey = (f: Pick<FieldDef, 'no' | 'key'>) => `p[${formKey(f)}]`;
export const byName = (fields: readonly FieldDef[]) => new Map(fields.map((f) => [f.name, f]));
export const OFFER = byName(offerSchema.fields);
export const CATEGORY = byName(categorySchema.fields);
export const PARAM = byName(paramSchema.fields);
export const BANNER = byName(bannerSchema.fields);
export const VALUE_FIELDS = byName(paramValueSchema.fields);
export const STORE = byName(storeSchema.fields);
export const f = (m: Map<string, FieldDef>, name: string) => m.get(name)!;
export const OFFER_ID = pKey(f(OFFER, 'id'));
export const CATEGORY_ID = pKey(f(CATEGORY, 'categoryId'));
export const OFFER_CATEGORY = pKey(f(OFFER, 'categoryId'));
export const PARAM_ID = pKey(f(PARAM, 'id'));
export const PARAM_CATEGORY = pKey(f(PARAM, 'categoryId'));
export const BANNER_ID = pKey(f(BANNER, 'id'));
// The values of a select filter (schemas/param.ts paramValueSchema): category, param, value id, name.
export const VALUE = { category: pKey(f(VALUE_FIELDS, 'categoryId')), param: pKey(f(VALUE_FIELDS, 'paramId')), id: pKey(f(VALUE_FIELDS, 'id')), name: pKey(f(VALUE_FIELDS, 'name')) };
export const STORE_ID = pKey(f(STORE, 'id'));
export const paramKey = (baseId: number | string) => `p[${baseId}_param]`;
/** Form key of a custom parameter's value in an offer record (`paramValues.p323`): not a bare number, which forms read as an array index. */
export const paramField = (baseId: number | string) => `p${baseId}`;

export const asBool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';
/** A form value as the protocol sends it: booleans 1/0, everything else as text. */
export function encodeValue(field: Pick<FieldDef, 'type'>, v: unknown): string {
  if (field.type === 'bool') return asBool(v) ? '1' : '0';
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.join('_');
  return String(v);
}
/** Parameter values as the protocol sends them (lists joined by '_', booleans 1/0, numbers as text), blanks left out. */
export const encodeParams = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values)
      .map(([k, v]) => [k, typeof v === 'boolean' ? (v ? '1' : '0') : encodeValue({ type: 'varchar' }, v)] as const)
      .filter(([, v]) => v !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
export const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
export const sameField = (field: FieldDef, a: unknown, b: unknown) => (field.type === 'bool' ? asBool(a) === asBool(b) : encodeValue(field, a) === encodeValue(field, b));

/**
 * The writable fields of a record as `p[...]` params. On create, blank fields are not sent (the seed's item
 * editor rule); on update only the fields that differ from `previous` are sent, a cleared one as ''.
 */
export function fieldParams(fields: readonly FieldDef[], data: Record<string, unknown>, previous?: Record<string, unknown>): Params {
  const out: Params = {};
  for (const field of fields) {
    if (field.readOnly || field.type === 'image' || field.type === 'video' || field.type === 'file') continue;
    const v = field.group ? (data[field.group] as Record<string, unknown> | undefined)?.[field.key] : data[field.name];
    if (v === undefined) continue;
    if (previous) {
      const old = field.group ? (previous[field.group] as Record<string, unknown> | undefined)?.[field.key] : previous[field.name];
      if (sameField(field, v, old)) continue;
    } else if (field.type !== 'bool' && isBlank(v)) continue;
    out[pKey(field)] = encodeValue(field, v);
  }
  return out;
}

export const sortOf = (sort?: { field?: string; order?: string }): string => {
  const field = sort?.field;
  const desc = sort?.order === 'DESC';
  if (field === 'price') return desc ? 'descend' : 'increase';
  if (field === 'created' || field === 'date') return 'date';
  if (field === 'discount' || field === 'oldprice') return 'discount';
  return 'default';
};

/** Adds depth, path and tree order to a flat category list (parents before children). */
export function withTreeInfo<T extends RaRecord>(list: T[]): (T & { depth: number; path: string; treeIndex: number })[] {
  const children = new Map<string, T[]>();
  for (const c of list) children.set(String(c.subId ?? '0'), [...(children.get(String(c.subId ?? '0')) ?? []), c]);
  const out: (T & { depth: number; path: string; treeIndex: number })[] = [];
  const seen = new Set<string>();
  const walk = (parent: string, depth: number, path: string[]) => {
    for (const c of children.get(parent) ?? []) {
      const id = String(c.id);
      if (seen.has(id)) continue;
      seen.add(id);
      const own = [...path, id];
      out.push({ ...c, depth, path: own.join('-'), treeIndex: out.length });
      walk(id, depth + 1, own);
    }
  };
  walk('0', 0, []);
  for (const c of list) if (!seen.has(String(c.id))) out.push({ ...c, depth: 0, path: String(c.id), treeIndex: out.length });
  return out;
}

/** Client-side list handling for the small, unpaged lists (categories, filters, banners). */
export function localList<T extends RaRecord>(all: T[], params: GetListParams, searchable: (r: T) => string): GetListResult<T> {
  const { q, ids, ...rest } = (params.filter ?? {}) as Record<string, unknown>;
  let rows = all;
  if (typeof q === 'string' && q.trim()) {
    const word = q.trim().toLowerCase();
    rows = rows.filter((r) => searchable(r).toLowerCase().includes(word));
  }
  if (Array.isArray(ids)) rows = rows.filter((r) => ids.map(String).includes(String(r.id)));
  for (const [k, v] of Object.entries(rest)) {
    if (v === undefined || v === '' || v === null) continue;
    rows = rows.filter((r) => (Array.isArray(v) ? v.map(String).includes(String(r[k])) : String(r[k]) === String(v)));
  }
  const sort = params.sort;
  if (sort?.field && sort.field !== 'id') {
    const dir = sort.order === 'DESC' ? -1 : 1;
    rows = [...rows].sort((a, b) => {
      const x = a[sort.field];
      const y = b[sort.field];
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
      return String(x ?? '').localeCompare(String(y ?? ''), 'ru', { numeric: true }) * dir;
    });
  }
  const { page = 1, perPage = rows.length || 1 } = params.pagination ?? {};
  return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
}
