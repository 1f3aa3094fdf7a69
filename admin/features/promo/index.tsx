import { lazy } from 'react';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { promoCodeSchema } from '../../../schemas/promo';
import type { ResourceDefinition } from '../../components/buildResource';
import { screenRoutes } from '../../components/screenRoutes';

/**
 * Promo codes (REST /rest/promo_codes): registered for their name and icon only. Their screens live at the
 * seed's paths, /promo_settings and /promo_settings/code/{id}, built from the same registry schema; the
 * menu links there.
 */
const PromoList = lazy(() => import('./PromoList'));
const PromoEditor = lazy(() => import('./PromoEditor'));

export const promo: ResourceDefinition = {
  name: promoCodeSchema.name,
  icon: LocalOfferOutlined,
  recordRepresentation: 'code',
};

export const routes = screenRoutes({
  '/promo_settings': PromoList,
  '/promo_settings/code/:codeId': PromoEditor,
  // The generic resource's old paths lead to the seed's.
  '/promo_codes/*': '/promo_settings',
});
