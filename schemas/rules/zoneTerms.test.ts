import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOrder, orderDelivery, orderTerms, type CheckoutFacts, type CheckoutPlace } from './checkout';
import type { LatLon } from './geo';
import { deliveryPrice, deliveryTerms, zoneTermsOf, type ZoneTerms } from './zoneTerms';
import { orderFacts } from '../testing/checkoutFacts';

const square = (lat: number, lon: number): LatLon[] => [
  [lat, lon],
  [lat, lon + 0.1],
  [lat + 0.1, lon + 0.1],
  [lat + 0.1, lon],
];
const IN_A: LatLon = [59.95, 30.25];
const IN_B: LatLon = [59.95, 30.45];
const NOWHERE: LatLon = [55.75, 37.6];
const open = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { from: '00:00', to: '23:59', isWeekend: false }]));
const noTerms: ZoneTerms = { deliveryCost: null, freeFrom: null, minSum: null, time: null };
const place = (id: number, zone: LatLon[], terms: ZoneTerms = noTerms): CheckoutPlace => ({ id, zone, week: open, terms });

/** orderFacts' order (800 of goods; the shop delivers for 200, free from 3000) at a point in place 1's zone, which has terms of its own. */
const facts = (over: Partial<CheckoutFacts> = {}): CheckoutFacts =>
  orderFacts({
    point: IN_A,
    places: [place(1, square(59.9, 30.2), { deliveryCost: 350, freeFrom: 5000, minSum: 1000, time: '60–90 мин' }), place(2, square(59.9, 30.4))],
    ...over,
  });

describe('zone terms', () => {
  it('reads a place’s values: numbers (also as strings), empty ones null, bad ones null', () => {
    expect(zoneTermsOf({ delivery_cost: '350', free_delivery_from: 5000, min_sum: '', delivery_time: ' 1 час ' })).toEqual({ deliveryCost: 350, freeFrom: 5000, minSum: null, time: '1 час' });
    expect(zoneTermsOf({ delivery_cost: -5, free_delivery_from: 'abc' })).toEqual(noTerms);
    expect(zoneTermsOf(null)).toEqual(noTerms);
  });

  it('a zone’s price, free-from sum and minimum apply to a point inside it', () => {
    const f = facts({ lines: [{ id: 'a', price: 600, quantity: 2, available: true }] });
    expect(orderTerms(f)).toMatchObject({ deliveryCost: 350, freeFrom: 5000, minSum: 1000, time: '60–90 мин', zoneMinimum: true });
    expect(orderDelivery(f)).toBe(350);
    // From the zone's free-from sum (not the shop's 3000) it is free.
    expect(orderDelivery(facts({ lines: [{ id: 'a', price: 2500, quantity: 2, available: true }] }))).toBe(0);
    expect(orderDelivery(facts({ lines: [{ id: 'a', price: 1500, quantity: 2, available: true }] }))).toBe(350);
  });

  it('a zone with no terms, no point, or pickup keeps the shop’s pricing', () => {
    expect(orderDelivery(facts({ point: IN_B }))).toBe(200);
    expect(orderDelivery(facts({ point: null }))).toBe(200);
    expect(orderDelivery(facts({ receiving: 'pickup', placeId: '1' }))).toBe(0);
    expect(orderDelivery(facts({ point: IN_B, lines: [{ id: 'a', price: 3000, quantity: 1, available: true }] }))).toBe(0);
  });

  it('below the zone’s minimum is refused with zone_min_sum; the shop’s minimum keeps min_sum', () => {
    expect(checkOrder(facts())).toEqual({ code: 'zone_min_sum', params: { sum: '1000' }, fields: [] });
    expect(checkOrder(facts({ lines: [{ id: 'a', price: 500, quantity: 2, available: true }] }))).toBeNull();
    const shopMin = { ...facts().shop, minSum: 900 };
    expect(checkOrder(facts({ point: IN_B, shop: shopMin }))?.code).toBe('min_sum');
    // The zone's minimum replaces the shop's: a zone minimum of 0 lets a small order through.
    const zeroMin = [place(1, square(59.9, 30.2), { ...noTerms, minSum: 0 })];
    expect(checkOrder(facts({ shop: shopMin, places: zeroMin }))).toBeNull();
    // Pickup is not held to a zone's minimum.
    expect(checkOrder(facts({ receiving: 'pickup', placeId: '1', point: null }))).toBeNull();
  });

  it('each term left empty falls back to the shop’s, for any terms and sums', () => {
    const term = fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null });
    fc.assert(
      fc.property(term, term, term, fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 20_000 }), (cost, freeFrom, minSum, shopCost, shopFree, goods) => {
        const shop = { deliveryCost: shopCost, freeFrom: shopFree, minSum: 100 };
        const t = deliveryTerms(shop, { deliveryCost: cost, freeFrom, minSum, time: null });
        expect(t.deliveryCost).toBe(cost ?? shopCost);
        expect(t.freeFrom).toBe(freeFrom ?? shopFree);
        expect(t.minSum).toBe(minSum ?? 100);
        const price = deliveryPrice(t, goods, 'delivery');
        expect(price === 0 || price === t.deliveryCost).toBe(true);
        expect(price).toBe(t.freeFrom > 0 && goods >= t.freeFrom ? 0 : t.deliveryCost);
        expect(deliveryPrice(t, goods, 'pickup')).toBe(0);
        expect(deliveryTerms(shop, { deliveryCost: null, freeFrom: null, minSum: null, time: null })).toMatchObject(shop);
      }),
    );
  });
});
