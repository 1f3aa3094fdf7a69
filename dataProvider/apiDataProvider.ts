import { HttpError, type DataProvider, type GetListParams, type GetListResult, type RaRecord } from 'ra-core';
// Each from its own file, not the schemas index: the index also brings yup (validate.ts), which the
// panel's first screen does not need.
import { CUSTOM_PARAM_FIRST, CUSTOM_PARAM_LAST, IMAGE_SLOT_FIRST, MAX_OFFER_IMAGES, offerFieldsFor, offerSchema } from '../schemas/offer';
import { NEW_VALUE_SUFFIX, paramSchema, paramValueSchema } from '../schemas/param';
import { bannerSchema } from '../schemas/banner';
import { categorySchema } from '../schemas/category';
import { storeSchema } from '../schemas/store';
import { formKey, isBlank, type FieldDef } from '../schemas/field';
import { ApiError, NetworkError, imageUrl, type ApiClient, type CallOptions, type Params } from './apiClient';

/**
 * react-admin's DataProvider for the resources the seed serves through `api=` calls: offers, offers_category,
 * offers_params (with their values), shop_banners and the store's settings (`stores`). Keys are the
 * registry's `p[<no>_<key>]`; booleans travel as 1/0; files go as multipart parts with upload progress.
 */
export const API_RESOURCES = ['offers', 'offers_category', 'offers_params', 'shop_banners', 'stores'] as const;
export type ApiResource = (typeof API_RESOURCES)[number];
export const isApiResource = (r: string): r is ApiResource => (API_RESOURCES as readonly string[]).includes(r);

/** Products per server page of api=offers. */
export const OFFERS_PAGE = 20;
/** At most this many server pages are read for one react-admin page (big perPage values). */
const MAX_SERVER_PAGES = 25;

export interface ApiDataProviderOptions {
  api: ApiClient;
  /** The shop's URL_IMAGES: image paths become `src` URLs for the admin's <img>. */
  urlImages: string;
  /** Upload progress of calls that carry files: 0..100 while sending, null when done. */
  onUploadProgress?: (percent: number | null) => void;
}

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

const pKey = (f: Pick<FieldDef, 'no' | 'key'>) => `p[${formKey(f)}]`;
const byName = (fields: readonly FieldDef[]) => new Map(fields.map((f) => [f.name, f]));
const OFFER = byName(offerSchema.fields);
const CATEGORY = byName(categorySchema.fields);
const PARAM = byName(paramSchema.fields);
const BANNER = byName(bannerSchema.fields);
const VALUE_FIELDS = byName(paramValueSchema.fields);
const STORE = byName(storeSchema.fields);
const f = (m: Map<string, FieldDef>, name: string) => m.get(name)!;
const OFFER_ID = pKey(f(OFFER, 'id'));
const CATEGORY_ID = pKey(f(CATEGORY, 'categoryId'));
const OFFER_CATEGORY = pKey(f(OFFER, 'categoryId'));
const PARAM_ID = pKey(f(PARAM, 'id'));
const PARAM_CATEGORY = pKey(f(PARAM, 'categoryId'));
const BANNER_ID = pKey(f(BANNER, 'id'));
// The values of a select filter (schemas/param.ts paramValueSchema): category, param, value id, name.
const VALUE = { category: pKey(f(VALUE_FIELDS, 'categoryId')), param: pKey(f(VALUE_FIELDS, 'paramId')), id: pKey(f(VALUE_FIELDS, 'id')), name: pKey(f(VALUE_FIELDS, 'name')) };
const STORE_ID = pKey(f(STORE, 'id'));
const paramKey = (baseId: number | string) => `p[${baseId}_param]`;
/** Form key of a custom parameter's value in an offer record (`paramValues.p323`): not a bare number, which forms read as an array index. */
export const paramField = (baseId: number | string) => `p${baseId}`;

const asBool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';
/** A form value as the protocol sends it: booleans 1/0, everything else as text. */
export function encodeValue(field: Pick<FieldDef, 'type'>, v: unknown): string {
  if (field.type === 'bool') return asBool(v) ? '1' : '0';
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.join('_');
  return String(v);
}
/** Parameter values as the protocol sends them (lists joined by '_', booleans 1/0, numbers as text), blanks left out. */
const encodeParams = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values)
      .map(([k, v]) => [k, typeof v === 'boolean' ? (v ? '1' : '0') : encodeValue({ type: 'varchar' }, v)] as const)
      .filter(([, v]) => v !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sameField = (field: FieldDef, a: unknown, b: unknown) => (field.type === 'bool' ? asBool(a) === asBool(b) : encodeValue(field, a) === encodeValue(field, b));

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

/** An error of the api client as react-admin's HttpError: the message is a translation key. */
function toHttpError(e: unknown): unknown {
  if (e instanceof ApiError) {
    const fields = (e.fields ?? []) as ({ field?: string; code?: string } | string)[];
    const errors: Record<string, string> = {};
    for (const x of fields) {
      if (typeof x === 'string') errors[x] = 'ra.validation.required';
      else if (x?.field) errors[x.field] = x.code === 'required' ? 'ra.validation.required' : `admin.validation.${x.code ?? 'invalid'}`;
    }
    return new HttpError(`errors.${e.code}`, e.status, { error: { code: e.code, message: e.message, fields }, ...(e.isTokenError ? { token: 'error' } : {}), ...(Object.keys(errors).length ? { errors } : {}) });
  }
  if (e instanceof NetworkError) return new HttpError('errors.no_connection', 0, null);
  return e;
}

const sortOf = (sort?: { field?: string; order?: string }): string => {
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
function localList<T extends RaRecord>(all: T[], params: GetListParams, searchable: (r: T) => string): GetListResult<T> {
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

export function createApiDataProvider({ api, urlImages, onUploadProgress }: ApiDataProviderOptions): DataProvider {
  const src = (path: unknown) => imageUrl(urlImages, typeof path === 'string' ? path : null);

  /** One call; a response that says the token is bad fails like a 401 so react-admin signs out. */
  async function call<T>(name: string, params: Params, options: CallOptions = {}): Promise<T> {
    const withProgress = onUploadProgress && Object.values(params).some((v) => typeof Blob !== 'undefined' && v instanceof Blob);
    if (withProgress) onUploadProgress!(0);
    try {
      const body = await api.call<T & { token?: string }>(name, params, withProgress ? { ...options, onUploadProgress } : options);
      if (body && body.token === 'error') throw new ApiError(401, 'token_error', 'token error');
      return body;
    } catch (e) {
      throw toHttpError(e);
    } finally {
      if (withProgress) onUploadProgress!(null);
    }
  }

  // ---------------------------------------------------------------- offers
  const offerRecord = (o: Record<string, unknown>) => {
    const rec: Record<string, unknown> = { ...o };
    for (const field of offerSchema.fields) if (field.type === 'bool' && field.name in o) rec[field.name] = o[field.name] === null ? null : asBool(o[field.name]);
    rec.thumbSrc = src(o.thumb) ?? src(o.picture);
    rec.pictureSrc = src(o.picture);
    if (Array.isArray(o.images)) {
      rec.images = (o.images as (string | { id: string; img: string; thumb: string })[]).map((i) =>
        typeof i === 'string' ? { id: i, img: i, thumb: i, src: src(i), thumbSrc: src(i) } : { ...i, src: src(i.img), thumbSrc: src(i.thumb ?? i.img) },
      );
    }
    if (Array.isArray(o.params)) {
      const values: Record<string, unknown> = {};
      for (const p of o.params as { baseId: number | string; kind: string; value: string }[]) {
        const k = paramField(p.baseId);
        if (p.kind === 'select') values[k] = [...((values[k] as string[]) ?? []), ...String(p.value).split('_').filter(Boolean)];
        else if (p.kind === 'bool') values[k] = asBool(p.value);
        else values[k] = p.value;
      }
      rec.paramValues = values;
    }
    return rec as RaRecord;
  };

  async function offersList(params: GetListParams): Promise<GetListResult> {
    const { page = 1, perPage = OFFERS_PAGE } = params.pagination ?? {};
    const filter = (params.filter ?? {}) as Record<string, unknown>;
    // The owner's list shows products hidden from the shop too (the server honours it for the owner only).
    const query: Params = { hidden: 1 };
    const word = typeof filter.q === 'string' ? filter.q.trim() : '';
    const sort = sortOf(params.sort);
    if (word) {
      query.value = word;
      if (sort !== 'default') query.sortId = sort;
    } else if (sort !== 'default') query.sort = JSON.stringify(sort);
    if (filter.categoryId !== undefined && filter.categoryId !== '' && filter.categoryId !== null && String(filter.categoryId) !== '0') query[OFFER_CATEGORY] = String(filter.categoryId);
    for (const [k, v] of Object.entries((filter.params as Record<string, unknown>) ?? {})) {
      if (!isBlank(v)) query[`filter[${k.replace(/^p/, '')}]`] = Array.isArray(v) ? v.join('_') : String(v);
    }
    const start = (page - 1) * perPage;
    const firstPage = Math.floor(start / OFFERS_PAGE) + 1;
    const skip = start - (firstPage - 1) * OFFERS_PAGE;
    const rows: Record<string, unknown>[] = [];
    let serverPage = firstPage;
    let more = true;
    // One row past the page tells whether a next page exists (the api has no count).
    while (rows.length < skip + perPage + 1) {
      if (serverPage - firstPage >= MAX_SERVER_PAGES) break;
      const body = await call<{ offers: Record<string, unknown>[] }>('offers', { ...query, offset: serverPage }, { signal: params.signal });
      if (!Array.isArray(body.offers)) throw new HttpError('offers is not array!', 500, body);
      rows.push(...body.offers);
      serverPage++;
      if (body.offers.length < OFFERS_PAGE) {
        more = false;
        break;
      }
    }
    const data = rows.slice(skip, skip + perPage).map(offerRecord);
    const hasNextPage = rows.length > skip + perPage || (more && rows.length >= skip + perPage && serverPage - firstPage >= MAX_SERVER_PAGES);
    // On the last page the count is known: react-admin then shows "41-57 of 57" and page numbers.
    return { data, pageInfo: { hasNextPage, hasPreviousPage: page > 1 }, ...(hasNextPage ? {} : { total: start + data.length }) };
  }

  async function getOffer(id: unknown, signal?: AbortSignal) {
    // edit=1: the product's own `available` flag (not 0 because its stock ran out), for the editor to keep.
    const body = await call<{ offers: Record<string, unknown>[] }>('offers', { [OFFER_ID]: String(id), edit: '1' }, { signal });
    if (!body.offers?.[0]) throw new HttpError('errors.not_found', 404, body);
    return offerRecord(body.offers[0]);
  }

  /** Writes an offer: removed pictures are deleted first, new ones fill the free slots after the kept ones. */
  async function saveOffer(data: Record<string, unknown>, previous?: Record<string, unknown>) {
    const type = String(data.type ?? previous?.type ?? 'common');
    const fields = offerFieldsFor(type);
    const params: Params = fieldParams(fields, data, previous && previous.type === type ? previous : undefined);
    params[pKey(f(OFFER, 'type'))] = type;
    if (previous) {
      params[OFFER_ID] = String(previous.id);
      params.update = 1;
    } else params.set = 1;

    const values = (data.paramValues ?? {}) as Record<string, unknown>;
    const oldValues = (previous?.paramValues ?? {}) as Record<string, unknown>;
    if (!previous || !same(encodeParams(values), encodeParams(oldValues))) {
      // The server replaces all custom params when any is sent, so all of them go together.
      for (const [k, v] of Object.entries(values)) {
        const baseId = Number(k.replace(/^p/, ''));
        if (!(baseId >= CUSTOM_PARAM_FIRST && baseId <= CUSTOM_PARAM_LAST)) continue;
        params[paramKey(baseId)] = encodeParams({ v }).v ?? '';
      }
    }

    const images = (Array.isArray(data.images) ? data.images : []) as (Partial<OfferImage> & PickedFile)[];
    const kept = images.filter((i) => !i.rawFile && i.id);
    const added = images.filter((i) => i.rawFile);
    if (previous && Array.isArray(previous.images)) {
      const keptIds = new Set(kept.map((i) => String(i.id)));
      for (const old of previous.images as OfferImage[]) {
        if (!keptIds.has(String(old.id))) await call('offers', { del: 1, [OFFER_ID]: String(previous.id), img_id: String(old.id) });
      }
    }
    added.slice(0, Math.max(0, MAX_OFFER_IMAGES - kept.length)).forEach((file, i) => {
      params[`p[${IMAGE_SLOT_FIRST + kept.length + i}_img]`] = file.rawFile!;
    });
    const body = await call<{ offers: Record<string, unknown>[] }>('offers', params);
    return offerRecord(body.offers[0]);
  }

  // ---------------------------------------------------------------- categories
  const categoryRecord = (c: Record<string, unknown>) => ({ ...c, id: String(c.categoryId), end: asBool(c.end), sort: Number(c.sort ?? 0) }) as RaRecord;
  /** The whole tree, each with its `depth`, its route `path` (ids from the top joined by '-') and `treeIndex` (parents before children, in sort order). */
  const categories = async (signal?: AbortSignal) => {
    const list = ((await call<{ offers_category: Record<string, unknown>[] }>('offers_category', {}, { signal })).offers_category ?? []).map(categoryRecord);
    return withTreeInfo(list);
  };
  async function saveCategory(data: Record<string, unknown>, previous?: Record<string, unknown>) {
    const params = fieldParams(categorySchema.fields, data, previous);
    if (previous) Object.assign(params, { update: 1, [CATEGORY_ID]: String(previous.id) });
    else params.set = 1;
    const body = await call<{ offers_category: Record<string, unknown>[] }>('offers_category', params);
    return categoryRecord(body.offers_category[0]);
  }

  // ---------------------------------------------------------------- filters (params) and their values
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

  // ---------------------------------------------------------------- banners
  const bannerRecord = (b: Record<string, unknown>) => ({ ...b, id: String(b.id), sort: Number(b.sort ?? 1), imgSrc: src(b.img), thumbSrc: src(b.thumb) ?? src(b.img), videoSrc: src(b.video) }) as RaRecord;
  const banners = async (signal?: AbortSignal) => ((await call<{ shop_banners: Record<string, unknown>[] }>('shop_banners', {}, { signal })).shop_banners ?? []).map(bannerRecord);
  async function saveBanner(data: Record<string, unknown>, previous?: Record<string, unknown>) {
    const params = fieldParams(bannerSchema.fields.filter((x) => x.name !== 'isDeleteVideo'), data, previous);
    if (previous) Object.assign(params, { update: 1, [BANNER_ID]: String(previous.id) });
    else params.set = 1;
    const image = data.image as PickedFile | undefined;
    const video = data.video as PickedFile | string | undefined;
    if (image?.rawFile) params[pKey(f(BANNER, 'image'))] = image.rawFile;
    if (video && typeof video === 'object' && video.rawFile) params[pKey(f(BANNER, 'video'))] = video.rawFile;
    else if (asBool(data.isDeleteVideo) || (previous?.video && (video === null || video === ''))) params[pKey(f(BANNER, 'isDeleteVideo'))] = '1';
    const body = await call<{ shop_banners: Record<string, unknown>[] }>('shop_banners', params);
    return bannerRecord(body.shop_banners[0]);
  }

  // ---------------------------------------------------------------- the store's settings
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

  // ---------------------------------------------------------------- one adapter per resource
  /** What the provider does for one api= resource; a resource without `remove` cannot be deleted. */
  interface Adapter {
    list(params: GetListParams): Promise<GetListResult>;
    one(id: unknown, signal?: AbortSignal): Promise<RaRecord>;
    save(data: Record<string, unknown>, previous?: Record<string, unknown>, meta?: { page?: string }): Promise<RaRecord>;
    remove?(id: unknown, previousData?: RaRecord): Promise<unknown>;
    /** Several records in one call (otherwise picked from the whole list). */
    many?(ids: unknown[], signal?: AbortSignal): Promise<RaRecord[]>;
  }

  const adapters: Record<ApiResource, Adapter> = {
    offers: {
      list: offersList,
      one: getOffer,
      save: saveOffer,
      remove: (id) => call('offers', { del: 1, [OFFER_ID]: String(id) }),
      async many(ids, signal) {
        if (!ids.length) return [];
        const body = await call<{ offers: Record<string, unknown>[] }>('offers', { ids: ids.map(String).join(',') }, { signal });
        return body.offers.map(offerRecord);
      },
    },
    offers_category: {
      list: async (params) => localList(await categories(params.signal), params, (r) => String(r.category ?? '')),
      async one(id, signal) {
        const body = await call<{ offers_category: Record<string, unknown>[] }>('offers_category', { [CATEGORY_ID]: String(id) }, { signal });
        return categoryRecord(body.offers_category[0]);
      },
      save: saveCategory,
      remove: (id) => call('offers_category', { del: 1, [CATEGORY_ID]: String(id) }),
    },
    offers_params: {
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
    },
    shop_banners: {
      list: async (params) =>
        localList(await banners(params.signal), { ...params, sort: params.sort?.field === 'id' || !params.sort ? { field: 'sort', order: 'ASC' } : params.sort }, (r) => String(r.link ?? '')),
      async one(id, signal) {
        const body = await call<{ shop_banners: Record<string, unknown>[] }>('shop_banners', { [BANNER_ID]: String(id) }, { signal });
        return bannerRecord(body.shop_banners[0]);
      },
      save: saveBanner,
      remove: (id) => call('shop_banners', { del: 1, [BANNER_ID]: String(id) }),
    },
    stores: {
      list: async (params) => ({ data: [await getStore(params.signal)], total: 1 }),
      one: (_id, signal) => getStore(signal),
      save: saveStore,
    },
  };
  const adapterOf = (resource: string): Adapter => {
    if (!isApiResource(resource)) throw new HttpError('errors.unknown_api', 404, { resource });
    return adapters[resource];
  };

  // ---------------------------------------------------------------- the provider
  const provider: DataProvider = {
    supportAbortSignal: true,
    getList: (resource, params) => adapterOf(resource).list(params) as never,
    getOne: async (resource, { id, signal }) => ({ data: (await adapterOf(resource).one(id, signal)) as never }),
    async getMany(resource, { ids, signal }) {
      const adapter = adapterOf(resource);
      if (adapter.many) return { data: (await adapter.many(ids, signal)) as never[] };
      const all = await adapter.list({ filter: {}, pagination: { page: 1, perPage: 100_000 }, sort: { field: 'id', order: 'ASC' }, signal });
      const wanted = new Set(ids.map(String));
      return { data: all.data.filter((r) => wanted.has(String(r.id))) as never[] };
    },
    async getManyReference(resource, params) {
      return provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },
    create: async (resource, { data, meta }) => ({ data: (await adapterOf(resource).save(data, undefined, meta)) as never }),
    update: async (resource, { id, data, previousData, meta }) => ({ data: (await adapterOf(resource).save(data, { ...(previousData ?? {}), id }, meta)) as never }),
    async updateMany(resource, { ids, data }) {
      for (const id of ids) {
        const { data: previousData } = await provider.getOne(resource, { id });
        await provider.update(resource, { id, data: { ...previousData, ...data }, previousData });
      }
      return { data: ids };
    },
    async delete(resource, { id, previousData }) {
      const adapter = adapterOf(resource);
      if (!adapter.remove) throw new HttpError('errors.unknown_api', 404, { resource });
      await adapter.remove(id, previousData);
      return { data: (previousData ?? { id }) as never };
    },
    async deleteMany(resource, { ids }) {
      for (const id of ids) await provider.delete(resource, { id });
      return { data: ids };
    },
  };
  return provider;
}
