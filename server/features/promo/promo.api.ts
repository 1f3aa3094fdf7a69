import { normalizePromoCode } from '../../../schemas';
import { badRequest } from '../../errors';
import { safeTimeZone } from '../../../schemas/rules/hours';
import { checkPromo, findPromo, promoMessage } from './promo';
import { storeValues } from '../../api/tenant';
import type { Handler } from '../../api/context';

/**
 * api=promo: the storefront's check 2 s after typing, `code` [+ `total` of the cart's goods] →
 * `{promo: {code, discount, status: 'proved'|'error', reason, message}}`. It does not use the code up.
 */
export const promo: Handler = async (ctx) => {
  const { raw } = ctx.input;
  const code = normalizePromoCode(raw.code ?? raw.client_promocode ?? '');
  const rawTotal = (raw.total ?? raw.sum ?? '').trim();
  let total: number | null = null;
  if (rawTotal !== '') {
    total = Number(rawTotal.replace(',', '.'));
    if (!Number.isFinite(total) || total < 0) throw badRequest('invalid_input', undefined, ['total']);
  }
  if (!code) return { promo: { code: '', discount: 0, status: 'error', reason: 'not_found', message: promoMessage('not_found') } };
  const p = await findPromo(ctx.db, ctx.store.id, code);
  const reason = checkPromo(p, { now: new Date(), timeZone: safeTimeZone(storeValues(ctx.store).timezone), goodsTotal: total });
  if (reason) return { promo: { code, discount: 0, status: 'error', reason, message: promoMessage(reason, p) } };
  return { promo: { code, discount: p!.discount, status: 'proved', reason: null, message: null, condition: p!.condition } };
};
