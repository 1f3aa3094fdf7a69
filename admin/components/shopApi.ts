import { useEffect, useState } from 'react';
import { createApiClient, imageUrl, loadShopConfig, type ApiClient, type ShopConfig } from '../../dataProvider/apiClient';
import { createAuthStorage } from '../../dataProvider/authStorage';
import { currentLocale } from '../i18nProvider';

/**
 * The shop's /config.json (API host, image base, map tiles) and an `api=` client for the calls the data
 * provider has no method for (api=geocode, a place's orders of a day). Read once per page load.
 */
let configPromise: Promise<ShopConfig> | null = null;
let client: ApiClient | null = null;

/**
 * The panel's own config and api client (admin/main.tsx): one client for the whole panel, so a dead
 * session reported by any call reaches the auth provider (dataProvider/adminProviders.ts).
 */
export function setShopRuntime(config: ShopConfig, api: ApiClient) {
  configPromise = Promise.resolve(config);
  client = api;
}

export function shopConfig(): Promise<ShopConfig> {
  configPromise ??= loadShopConfig(window.location.origin).catch((e) => {
    configPromise = null;
    throw e;
  });
  return configPromise;
}

export async function shopApi(): Promise<ApiClient> {
  const config = await shopConfig();
  client ??= createApiClient({ apiHost: config.API_HOST, getAuth: () => createAuthStorage().get(), getLang: currentLocale });
  return client;
}

/** The config once loaded (null while loading). */
export function useShopConfig(): ShopConfig | null {
  const [config, setConfig] = useState<ShopConfig | null>(null);
  useEffect(() => {
    let alive = true;
    shopConfig().then(
      (c) => alive && setConfig(c),
      () => alive && setConfig({ API_HOST: '/api', URL_IMAGES: '/images/' }),
    );
    return () => {
      alive = false;
    };
  }, []);
  return config;
}

/** An image path of the api (relative to URL_IMAGES) as a URL. */
export const useImageUrl = () => {
  const config = useShopConfig();
  return (path: string | null | undefined) => imageUrl(config?.URL_IMAGES ?? '/images/', path);
};
