import { combineDataProviders, fetchUtils, HttpError, type DataProvider, type RaRecord } from 'ra-core';
import { ENTITIES } from '../schemas/registry';
import simpleRestProvider from 'ra-data-simple-rest';
import { createApiClient, type ApiClient, type ShopConfig } from './apiClient';
import { createApiDataProvider, isApiResource } from './apiDataProvider';
import { createAuthProvider, type AdminAuthProvider } from './authProvider';
import { createAuthStorage, type AuthStorage } from './authStorage';
import { ownerOfferMethods, withOwnerOfferList } from './ownerOffers';

/**
 * Everything the admin needs to talk to the server: the `api=` client, the AuthProvider and one DataProvider
 * that sends the seed's resources through `api=` calls and every other resource to the REST routes under
 * `/rest` (ra-data-simple-rest's dialect, `Authorization: Bearer <token>`).
 */
export interface AdminProviders {
  api: ApiClient;
  authProvider: AdminAuthProvider;
  dataProvider: DataProvider;
  storage: AuthStorage;
}

export interface AdminProvidersOptions {
  config: ShopConfig;
  /** The REST root; defaults to `/rest` beside the API host. */
  restUrl?: string;
  storage?: AuthStorage;
  getLang?: () => string;
  onUploadProgress?: (percent: number | null) => void;
  fetch?: typeof fetch;
}

/**
 * REST answers carry booleans as the protocol's '1'/'0' (schemas/codec.ts); forms and fields want true and
 * false. Reads of the registry's resources turn them into booleans; writes send JSON booleans, which the
 * server's validators take.
 */
export function withRegistryBooleans(provider: DataProvider): DataProvider {
  const boolFields = (resource: string) => (ENTITIES as Record<string, { fields: { name: string; type: string; group?: string }[] }>)[resource]?.fields.filter((f) => f.type === 'bool' && !f.group).map((f) => f.name) ?? [];
  const fix = (resource: string, r: RaRecord): RaRecord => {
    const names = boolFields(resource);
    if (!names.length || !r) return r;
    const out: RaRecord = { ...r };
    for (const n of names) if (n in out && (out[n] === '1' || out[n] === '0' || out[n] === 1 || out[n] === 0)) out[n] = out[n] === '1' || out[n] === 1;
    return out;
  };
  const one = <T extends { data: RaRecord }>(resource: string, p: Promise<T>) => p.then((res) => ({ ...res, data: fix(resource, res.data) }));
  const many = <T extends { data: RaRecord[] }>(resource: string, p: Promise<T>) => p.then((res) => ({ ...res, data: res.data.map((r) => fix(resource, r)) }));
  return {
    ...provider,
    getList: (resource, params) => many(resource, provider.getList(resource, params)),
    getMany: (resource, params) => many(resource, provider.getMany(resource, params)),
    getManyReference: (resource, params) => many(resource, provider.getManyReference(resource, params)),
    getOne: (resource, params) => one(resource, provider.getOne(resource, params)),
    create: (resource, params) => one(resource, provider.create(resource, params)),
    update: (resource, params) => one(resource, provider.update(resource, params)),
  } as DataProvider;
}

export const restUrlOf = (apiHost: string) => apiHost.replace(/\/api\/?$/, '') + '/rest';

export function createAdminProviders(opts: AdminProvidersOptions): AdminProviders {
  const storage = opts.storage ?? createAuthStorage();
  // The auth provider is made from the client, and the client reports an expired session to it.
  let authProvider: AdminAuthProvider | null = null;
  const api = createApiClient({
    apiHost: opts.config.API_HOST,
    getAuth: () => storage.get(),
    getLang: opts.getLang,
    onTokenError: () => authProvider?.sessionExpired(),
    fetch: opts.fetch,
  });
  authProvider = createAuthProvider({ api, storage });
  const apiProvider = createApiDataProvider({ api, urlImages: opts.config.URL_IMAGES, onUploadProgress: opts.onUploadProgress });
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const auth = storage.get();
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    const lang = opts.getLang?.();
    if (lang) headers.set('Accept-Language', lang);
    return fetchUtils.fetchJson(url, { ...options, headers, ...(auth ? { user: { authenticated: true, token: `Bearer ${auth.token}` } } : {}) });
  };
  const restProvider = withRegistryBooleans(simpleRestProvider(opts.restUrl ?? restUrlOf(opts.config.API_HOST), httpClient));
  const restRoot = opts.restUrl ?? restUrlOf(opts.config.API_HOST);
  // The products: api= for the item and its writes, REST for the owner's list (its count and sorts).
  const offersProvider = withOwnerOfferList(apiProvider, restProvider, opts.config.URL_IMAGES);
  const dataProvider = {
    ...combineDataProviders((resource) => (resource === 'offers' ? offersProvider : isApiResource(resource) ? apiProvider : restProvider)),
    ...ymlImportMethods(restRoot, httpClient, () => storage.get()?.token ?? null, opts.onUploadProgress),
    ...ownerOfferMethods(restRoot, httpClient),
  };
  return { api, authProvider, dataProvider, storage };
}

/** A YML import job as /rest/yml_imports answers it. */
export interface YmlImportJob {
  id: number;
  source: 'file' | 'link' | 'schedule';
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'undone';
  /** replace: hide what the feed lacks; merge: add and update only. */
  mode: 'replace' | 'merge';
  /** A preview: its report says what the import would do; nothing changed. */
  preview: boolean;
  fileName: string | null;
  url: string | null;
  totalBytes: number | null;
  bytesRead: number;
  offersRead: number;
  /** A link's feed is being downloaded before its import (SQLite); the bytes count again from 0 after it. */
  downloading?: boolean;
  cancelRequested: boolean;
  report: {
    mode: 'replace' | 'merge';
    preview: boolean;
    created: number;
    updated: number;
    unchanged: number;
    wouldHide: number;
    /** Products whose fields the owner changed by hand keep them against the feed's other values (reports before it lack it). */
    ownerKept?: number;
    /** `renamed`: 'old → new' names of the shop's categories the feed renames; `ownerKept`: the products above (reports before them lack them). */
    examples: { created: string[]; updated: string[]; unchanged: string[]; hidden: string[]; renamed?: string[]; ownerKept?: string[] };
    categories?: { total: number; created: number; updated: number; hidden: number; renamed?: number };
    hidden: number;
    skipped: { reason: string; count: number }[];
    warnings: Record<string, number>;
    /** The first 20 offer ids of each kind's warnings. */
    warningIds?: Record<string, string[]>;
    displayOnlyParams: number;
    /** false: the import rewrote more offers than an undo keeps. */
    undoable?: boolean;
    /** What the owner's undo put back (status `undone`). */
    undo?: { restored: number; shown: number; removed: number; editedSince: number; categoriesHidden: number };
  } | null;
  /** `params`: those of the code's text (errors.<code>), when it has some. */
  error: { code: string; message: string; params?: Record<string, string | number> } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * The YML import page's calls beside the CRUD methods (react-admin allows custom data provider methods):
 * the file upload goes through XMLHttpRequest for the shell's 'Загрузка N%'.
 */
function ymlImportMethods(
  restRoot: string,
  httpClient: (url: string, options?: fetchUtils.Options) => Promise<{ json: any }>,
  token: () => string | null,
  onUploadProgress?: (percent: number | null) => void,
) {
  return {
    /** Uploads a feed for a preview (`preview`) or an import in `mode`. */
    ymlImportUpload(file: Blob & { name?: string }, kind: { preview?: boolean; mode?: string } = {}): Promise<YmlImportJob> {
      const form = new FormData();
      form.append('file', file, file.name ?? 'feed.xml');
      return new Promise((resolve, reject) => {
        const req = new XMLHttpRequest();
        const query = new URLSearchParams({ ...(kind.preview ? { preview: '1' } : {}), ...(kind.mode ? { mode: kind.mode } : {}) }).toString();
        req.open('POST', `${restRoot}/yml_imports${query ? `?${query}` : ''}`);
        const t = token();
        if (t) req.setRequestHeader('Authorization', `Bearer ${t}`);
        req.setRequestHeader('Accept', 'application/json');
        req.upload.onprogress = (e) => {
          if (e.lengthComputable) onUploadProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
        };
        const done = () => onUploadProgress?.(null);
        req.onload = () => {
          done();
          let body: any = null;
          try {
            body = JSON.parse(req.responseText);
          } catch {
            /* not JSON */
          }
          if (req.status >= 200 && req.status < 300) resolve(body as YmlImportJob);
          else reject(new HttpError(body?.error?.message ?? body?.message ?? req.statusText, req.status, body));
        };
        req.onerror = () => {
          done();
          reject(new HttpError('Network error', 0, null));
        };
        onUploadProgress?.(0);
        req.send(form);
      });
    },
    async ymlImportFromLink(kind: { preview?: boolean; mode?: string } = {}): Promise<YmlImportJob> {
      return (await httpClient(`${restRoot}/yml_imports`, { method: 'POST', body: JSON.stringify({ source: 'link', ...kind }) })).json;
    },
    /** Every warning of a finished job as CSV (kind, offer id, message). */
    async ymlWarningsCsv(id: number): Promise<Blob> {
      const t = token();
      const res = await fetch(`${restRoot}/yml_imports/${id}/warnings.csv`, { headers: t ? { Authorization: `Bearer ${t}` } : {} });
      if (!res.ok) throw new HttpError(res.statusText, res.status, null);
      return res.blob();
    },
    /** Imports the feed a finished preview read, in `mode`. */
    async ymlImportFromPreview(id: number, mode: 'replace' | 'merge'): Promise<YmlImportJob> {
      return (await httpClient(`${restRoot}/yml_imports`, { method: 'POST', body: JSON.stringify({ from: id, mode }) })).json;
    },
    async ymlImportCancel(id: number): Promise<YmlImportJob> {
      return (await httpClient(`${restRoot}/yml_imports/${id}/cancel`, { method: 'POST', body: '{}' })).json;
    },
    /** Puts the catalogue back as it was before the shop's last import (the job becomes `undone`). */
    async ymlImportUndo(id: number): Promise<YmlImportJob> {
      return (await httpClient(`${restRoot}/yml_imports/${id}/undo`, { method: 'POST', body: '{}' })).json;
    },
    async ymlSchedule(): Promise<{ schedule: string; ymlLink: string }> {
      return (await httpClient(`${restRoot}/yml_schedule`)).json;
    },
    async ymlSetSchedule(schedule: string): Promise<{ schedule: string; ymlLink: string }> {
      return (await httpClient(`${restRoot}/yml_schedule`, { method: 'PUT', body: JSON.stringify({ schedule }) })).json;
    },
  };
}
export type YmlImportMethods = ReturnType<typeof ymlImportMethods>;
