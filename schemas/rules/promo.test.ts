import { describe, expect, it } from 'vitest';
import { checkPromo, discountedUnitPrice, normalizePromoCode, type PromoTerms } from './promo';

const promo = (over: Partial<PromoTerms> = {}): PromoTerms => ({ isOnceOnly: false, condition: 0, count: 0, ...over });
const now = new Date('2026-11-23T12:00:00Z');
const tz = 'Europe/Moscow';

describe('normalizePromoCode', () => {
  it('uppercases the promo input and keeps letters and digits, at most 54', () => {
    expect(normalizePromoCode('sale-20 !')).toBe('SALE20');
    expect(normalizePromoCode('скидка5')).toBe('СКИДКА5');
    expect(normalizePromoCode('a'.repeat(60))).toHaveLength(54);
  });
});

describe('discountedUnitPrice', () => {
  it('takes the percent off each unit and rounds', () => {
    expect(discountedUnitPrice(100, 20)).toBe(80);
    expect(discountedUnitPrice(199, 5)).toBe(189);
    expect(discountedUnitPrice(150, 5)).toBe(143);
    expect(discountedUnitPrice(99.9, 50)).toBe(50);
    expect(discountedUnitPrice(1234, 0)).toBe(1234);
    expect(discountedUnitPrice(1234, 100)).toBe(0);
    expect(discountedUnitPrice(1000, 150)).toBe(0);
  });
});

describe('checkPromo', () => {
  it('accepts a valid code', () => {
    expect(checkPromo(promo(), { now, timeZone: tz, goodsTotal: 10 })).toBeNull();
  });
  it('refuses an unknown code', () => {
    expect(checkPromo(null, { now, timeZone: tz })).toBe('not_found');
  });
  it('keeps to the date window, whole days in the store’s zone', () => {
    expect(checkPromo(promo({ dateFrom: '2026-11-24' }), { now, timeZone: tz })).toBe('not_started');
    expect(checkPromo(promo({ dateTo: '2026-11-22' }), { now, timeZone: tz })).toBe('expired');
    expect(checkPromo(promo({ dateFrom: '2026-11-23', dateTo: '2026-11-23' }), { now, timeZone: tz })).toBeNull();
    // 22:30 UTC on the 23rd is already the 24th in Moscow.
    expect(checkPromo(promo({ dateTo: '2026-11-23' }), { now: new Date('2026-11-23T22:30:00Z'), timeZone: tz })).toBe('expired');
    expect(checkPromo(promo({ dateTo: '2026-11-23T11:00:00Z' }), { now, timeZone: tz })).toBe('expired');
    expect(checkPromo(promo({ dateFrom: '2026-11-23T13:00:00Z' }), { now, timeZone: tz })).toBe('not_started');
  });
  it('refuses a once-only code that was used', () => {
    expect(checkPromo(promo({ isOnceOnly: true, count: 0 }), { now, timeZone: tz })).toBeNull();
    expect(checkPromo(promo({ isOnceOnly: true, count: 1 }), { now, timeZone: tz })).toBe('used');
    expect(checkPromo(promo({ isOnceOnly: false, count: 99 }), { now, timeZone: tz })).toBeNull();
  });
  it('refuses a code whose use limit is reached', () => {
    expect(checkPromo(promo({ maxUses: 3, count: 2 }), { now, timeZone: tz })).toBeNull();
    expect(checkPromo(promo({ maxUses: 3, count: 3 }), { now, timeZone: tz })).toBe('used');
    expect(checkPromo(promo({ maxUses: null, count: 1000 }), { now, timeZone: tz })).toBeNull();
    expect(checkPromo(promo({ maxUses: 0, count: 1000 }), { now, timeZone: tz })).toBeNull();
    // Single use wins over a larger limit.
    expect(checkPromo(promo({ isOnceOnly: true, maxUses: 5, count: 1 }), { now, timeZone: tz })).toBe('used');
  });
  it('needs the condition’s minimum sum of goods', () => {
    const p = promo({ condition: 1000 });
    expect(checkPromo(p, { now, timeZone: tz, goodsTotal: 999 })).toBe('min_sum');
    expect(checkPromo(p, { now, timeZone: tz, goodsTotal: 1000 })).toBeNull();
    expect(checkPromo(p, { now, timeZone: tz })).toBeNull();
  });
});
