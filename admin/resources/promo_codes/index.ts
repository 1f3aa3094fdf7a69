import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { promoCodeSchema } from '../../../schemas';
import { buildResource } from '../buildResource';

/** Promo codes (REST /rest/promo_codes), straight from the registry: code, discount, dates, usage. */
export const promoCodes = buildResource(promoCodeSchema, {
  icon: LocalOfferOutlined,
  listFields: ['code', 'name', 'discount', 'isOnceOnly', 'isUsed', 'count'],
  sortable: ['id', 'code', 'count'],
  recordRepresentation: 'code',
});
