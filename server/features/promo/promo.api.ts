import { normalizePromoCode } from '../../../schemas';
import { badRequest } from '../../errors';
import { safeTimeZone } from '../../../schemas/rules/hours';
import { checkPromo } from '../../../schemas/rules/promo';
import { findPromo, promoMessage, promoPercent } from './promo';
import { storeValues } from '../../api/tenant';
import type { Handler } from '../../api/context';

/**
 * api=promo: the storefront's check 2 s after typing, `code` [+ `total` of the cart's goods] →
 * `{promo: {code, discount, status: 'proved'|'error', reason, message, condition}}`. It does not use the code up.
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
  // The minimum sum comes as data too (errors.promo_min_sum names it); `message` is the protocol's Russian text.
  if (reason) return { promo: { code, discount: 0, status: 'error', reason, message: promoMessage(reason, p), condition: p?.condition ?? 0 } };
  return { promo: { code, kind: p!.kind, discount: promoPercent(p), amount: p!.kind === 'fixed' ? p!.amount : 0, status: 'proved', reason: null, message: null, condition: p!.condition } };
};
