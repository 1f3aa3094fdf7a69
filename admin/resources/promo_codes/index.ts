import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { promoCodeSchema } from '../../../schemas';
import type { ResourceDefinition } from '../buildResource';

/**
 * Promo codes (REST /rest/promo_codes): registered for their name and icon only. Their screens live at the
 * seed's paths, /promo_settings and /promo_settings/code/{id} (admin/screens/promo), built from the same
 * registry schema; the menu links there.
 */
export const promoCodes: ResourceDefinition = {
  name: promoCodeSchema.name,
  icon: LocalOfferOutlined,
  recordRepresentation: 'code',
};
