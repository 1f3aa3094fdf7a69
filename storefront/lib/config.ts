import { imageUrl, type ShopConfig } from '../../dataProvider/apiClient';

/** The /config.json of this shop, set once at start (main.tsx). */
let shopConfig: ShopConfig = { API_HOST: '/api', URL_IMAGES: '/images/' };

export const setShopConfig = (c: ShopConfig) => {
  shopConfig = c;
};
export const getShopConfig = () => shopConfig;

/** An image path of the API as a URL (paths without http(s) get URL_IMAGES prefixed). */
export const imgUrl = (path: string | null | undefined): string | undefined => imageUrl(shopConfig.URL_IMAGES, path) ?? undefined;
