import type { Handler } from '../context';
import { stores } from '../../features/stores/stores.api';
import { login, logout, smsCode, tokenCheck } from '../../features/auth/auth.api';
import { offersCategory } from '../../features/catalogue/categories.api';
import { offers } from '../../features/catalogue/offers.api';
import { offersParams, offersParamsValues } from '../../features/catalogue/params.api';
import { shopBanners } from '../../features/banners/banners.api';
import { orders } from '../../features/checkout/checkout.api';
import { geoCheck } from '../../features/places/zones.api';
import { geocode } from '../../features/places/geocode.api';
import { promo } from '../../features/promo/promo.api';
import { sber, sberStatus } from '../../features/payments/sber.api';
import { innerPush } from '../../features/push/innerPush.api';
import { push } from '../../features/push/push.api';

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
