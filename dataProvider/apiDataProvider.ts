import { HttpError, type DataProvider } from 'ra-core';
import { ApiError, NetworkError, imageUrl, type ApiClient, type CallOptions, type Params } from './apiClient';
import type { Adapter, AdapterContext } from './resources/adapter';
import { bannersAdapter } from './resources/banners';
import { categoriesAdapter } from './resources/categories';
import { offersAdapter } from './resources/offers';
import { paramsAdapter } from './resources/params';
import { storesAdapter } from './resources/stores';

export const API_RESOURCES = ['offers', 'offers_category', 'offers_params', 'shop_banners', 'stores'] as const;
export type ApiResource = (typeof API_RESOURCES)[number];
export const isApiResource = (r: string): r is ApiResource => (API_RESOURCES as readonly string[]).includes(r);

export interface ApiDataProviderOptions {
  api: ApiClient;
  /** The shop's URL_IMAGES: image paths become `src` URLs for the admin's <img>. */
  urlImages: string;
  /** Upload progress of calls that carry files: 0..100 while sending, null when done. */
  onUploadProgress?: (percent: number | null) => void;
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

/**
 * react-admin's DataProvider for the resources the seed serves through `api=` calls: offers, offers_category,
 * offers_params (with their values), shop_banners and the store's settings (`stores`). Keys are the
 * registry's `p[<no>_<key>]`; booleans travel as 1/0; files go as multipart parts with upload progress.
 */
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

  // One adapter per resource (resources/*.ts), each given the call and the image URLs.
  const context: AdapterContext = { call, src };
  const adapters: Record<ApiResource, Adapter> = {
    offers: offersAdapter(context),
    offers_category: categoriesAdapter(context),
    offers_params: paramsAdapter(context),
    shop_banners: bannersAdapter(context),
    stores: storesAdapter(context),
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
