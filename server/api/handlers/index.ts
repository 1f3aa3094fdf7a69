import type { Handler } from '../context';
import { stores } from './stores';
import { login, logout, smsCode, tokenCheck } from './auth';
import { offersCategory } from './categories';
import { offers } from './offers';
import { offersParams, offersParamsValues } from './params';
import { shopBanners } from './banners';
import { orders } from './orders';
import { geoCheck } from './geoCheck';
import { geocode } from './geocode';
import { promo } from './promo';
import { sber, sberStatus } from './sber';
import { innerPush } from './innerPush';
import { push } from './push';

/** Every `api=` name and its handler module. */
export const HANDLERS: Record<string, Handler> = {
  stores,
  sms_code: smsCode,
  login,
  logout,
  token_check: tokenCheck,
  offers_category: offersCategory,
  offers,
  offers_params: offersParams,
  offers_params_values: offersParamsValues,
  shop_banners: shopBanners,
  orders,
  geo_check: geoCheck,
  geocode,
  promo,
  sber,
  sber_status: sberStatus,
  inner_push: innerPush,
  push,
};
