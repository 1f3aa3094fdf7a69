import { lazy } from 'react';
import { Navigate, Route } from 'react-router';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { promoCodeSchema } from '../../../schemas/promo';
import type { ResourceDefinition } from '../../components/buildResource';

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

export const routes = [
  <Route key="promos" path="/promo_settings" element={<PromoList />} />,
  <Route key="promo" path="/promo_settings/code/:codeId" element={<PromoEditor />} />,
  // The generic resource's old paths lead to the seed's.
  <Route key="promo_old" path="/promo_codes/*" element={<Navigate to="/promo_settings" replace />} />,
];
