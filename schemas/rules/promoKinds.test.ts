import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOrder, fixedDiscount, orderDelivery, orderSums, type CheckoutFacts, type CheckoutPromo } from './checkout';
import { promoKindOf } from './promo';
import { round2 } from './money';
import { orderFacts } from '../testing/checkoutFacts';

/** Promo kinds (issue 35): percent (the seed's), a fixed sum off the goods, free delivery; one rule for both sides. */
const facts = (promo: CheckoutPromo | null, lines = [{ id: 'a', price: 400, quantity: 2, available: true }], receiving: 'delivery' | 'pickup' = 'delivery'): CheckoutFacts =>
  orderFacts({ lines, shop: { ...orderFacts().shop, usesMap: false }, receiving, promo });
const fixed = (amount: number, condition = 0): CheckoutPromo => ({ kind: 'fixed', percent: 0, amount, refusal: null, condition });
const freeDelivery = (condition = 0): CheckoutPromo => ({ kind: 'free_delivery', percent: 0, refusal: null, condition });

describe('promo kinds', () => {
  it('reads the kind; a code stored before kinds is a percent code', () => {
    expect(promoKindOf('fixed')).toBe('fixed');
    expect(promoKindOf('free_delivery')).toBe('free_delivery');
    expect(promoKindOf(undefined)).toBe('percent');
    expect(promoKindOf('bogus')).toBe('percent');
  });

  it('a fixed sum comes off the goods, never below 0 and never more than the goods', () => {
    expect(orderSums(facts(fixed(300)))).toMatchObject({ goods: 800, discount: 300, total: 500 });
    expect(orderSums(facts(fixed(5000)))).toMatchObject({ goods: 800, discount: 800, total: 0 });
    expect(orderSums(facts(fixed(-50)))).toMatchObject({ goods: 800, discount: 0, total: 800 });
    // The delivery is still charged on top (800 - 300 = 500 < 3000).
    expect(orderDelivery(facts(fixed(300)))).toBe(200);
  });

  it('free delivery leaves the goods as they are and makes delivery 0', () => {
    expect(orderSums(facts(freeDelivery()))).toMatchObject({ goods: 800, discount: 0, total: 800 });
    expect(orderDelivery(facts(freeDelivery()))).toBe(0);
    expect(orderDelivery(facts(null))).toBe(200);
  });

  it('a code below its minimum sum gives nothing and is refused with promo_error min_sum', () => {
    expect(orderSums(facts(fixed(300, 1000)))).toMatchObject({ discount: 0, total: 800 });
    expect(orderDelivery(facts(freeDelivery(1000)))).toBe(200);
    expect(checkOrder(facts(fixed(300, 1000)))).toMatchObject({ code: 'promo_error', params: { reason: 'min_sum', sum: '1000' } });
    expect(checkOrder(facts(freeDelivery(1000)))).toMatchObject({ code: 'promo_error', params: { reason: 'min_sum' } });
    expect(checkOrder(facts(fixed(300)))).toBeNull();
  });

  it('for any lines and sum: 0 ≤ discount ≤ goods, total = goods − discount', () => {
    const price = fc.oneof(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 5_000_000 }).map((n) => n / 100));
    fc.assert(
      fc.property(fc.array(fc.record({ price, quantity: fc.integer({ min: 1, max: 99 }) }), { minLength: 1, maxLength: 8 }), fc.double({ min: -1000, max: 1e7, noNaN: true }), (ls, amount) => {
        const lines = ls.map((l, i) => ({ id: String(i), ...l, available: true }));
        const s = orderSums(facts(fixed(amount), lines));
        expect(s.discount).toBeGreaterThanOrEqual(0);
        expect(s.discount).toBeLessThanOrEqual(s.goods);
        expect(s.total).toBe(round2(s.goods - s.discount));
        expect(s.total).toBeGreaterThanOrEqual(0);
        expect(s.discount).toBe(fixedDiscount(amount, s.goods));
      }),
    );
  });
});
