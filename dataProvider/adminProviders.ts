import { combineDataProviders, fetchUtils, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { createApiClient, type ApiClient, type ShopConfig } from './apiClient';
import { createApiDataProvider, isApiResource } from './apiDataProvider';
import { createAuthProvider, type AdminAuthProvider } from './authProvider';
import { createAuthStorage, type AuthStorage } from './authStorage';

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

export const restUrlOf = (apiHost: string) => apiHost.replace(/\/api\/?$/, '') + '/rest';

export function createAdminProviders(opts: AdminProvidersOptions): AdminProviders {
  const storage = opts.storage ?? createAuthStorage();
  const api = createApiClient({
    apiHost: opts.config.API_HOST,
    getAuth: () => storage.get(),
    getLang: opts.getLang,
    onTokenError: () => storage.clear(),
    fetch: opts.fetch,
  });
  const authProvider = createAuthProvider({ api, storage });
  const apiProvider = createApiDataProvider({ api, urlImages: opts.config.URL_IMAGES, onUploadProgress: opts.onUploadProgress });
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const auth = storage.get();
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    const lang = opts.getLang?.();
    if (lang) headers.set('Accept-Language', lang);
    return fetchUtils.fetchJson(url, { ...options, headers, ...(auth ? { user: { authenticated: true, token: `Bearer ${auth.token}` } } : {}) });
  };
  const restProvider = simpleRestProvider(opts.restUrl ?? restUrlOf(opts.config.API_HOST), httpClient);
  const dataProvider = combineDataProviders((resource) => (isApiResource(resource) ? apiProvider : restProvider));
  return { api, authProvider, dataProvider, storage };
}
