import { defineEntity } from './field';

import { PROMO_CODE_MAX, PROMO_KINDS, normalizePromoCode } from './rules/promo';

export { PROMO_CODE_MAX, normalizePromoCode };

export const promoCodeSchema = defineEntity('promo_codes', 'promo_codes', [
  { no: 800, key: 'promo_id', name: 'id', type: 'number', readOnly: true, column: 'id' },
  { no: 801, key: 'name', type: 'varchar', required: true, maxLength: 200 },
  { no: 802, key: 'code', type: 'varchar', required: true, maxLength: PROMO_CODE_MAX, pattern: /^[\p{Lu}\p{N}]+$/u, column: 'code' },
  // What the code gives (schemas/rules/promo.ts): a percent (803), a fixed sum (812) or free delivery.
  { no: 811, key: 'kind', type: 'select', default: 'percent', options: PROMO_KINDS.map((id) => ({ id, label: `resources.promo_codes.kinds.${id}` })) },
  { no: 803, key: 'discount', type: 'float', required: true, min: 0, max: 100, default: 0 },
  { no: 812, key: 'amount', type: 'float', min: 0, default: 0 },
  { no: 804, key: 'is_used', name: 'isUsed', type: 'bool', readOnly: true },
  { no: 805, key: 'is_once_only', name: 'isOnceOnly', type: 'bool', default: false },
  // How many orders may use the code in all; empty or 0 = no limit (a single-use code allows 1 whatever this says).
  { no: 810, key: 'max_uses', name: 'maxUses', type: 'number', min: 0 },
  { no: 806, key: 'date_from', name: 'dateFrom', type: 'date' },
  { no: 807, key: 'date_to', name: 'dateTo', type: 'date' },
  { no: 808, key: 'condition', type: 'float', min: 0, default: 0 },
  { no: 809, key: 'count', type: 'number', min: 0, readOnly: true, default: 0 },
]);
