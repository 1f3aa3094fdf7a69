import { describe, expect, it } from 'vitest';
import { checkOrder, missingFields, orderPlace, orderSums, placesForHours, type CheckoutFacts, type CheckoutPlace } from './checkout';
import type { LatLon } from './geo';
import { orderFacts } from '../testing/checkoutFacts';

const week = (from: string, to: string, weekend: string[] = []) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { from, to, isWeekend: weekend.includes(d) }]));
const zone: LatLon[] = [
  [59.9, 30.2],
  [59.9, 30.4],
  [60.0, 30.4],
  [60.0, 30.2],
];
const INSIDE: LatLon = [59.95, 30.3];
const OUTSIDE: LatLon = [55.75, 37.6];
const place = (id: number, w = week('10:00', '22:00'), z: LatLon[] = []): CheckoutPlace => ({ id, week: w, zone: z });
const noon = { day: 'monday' as const, minutes: 12 * 60 };

/** A delivery order every check passes: cash, inside the zone, at noon, 600 of goods over a 500 minimum. */
const facts = (over: Partial<CheckoutFacts> = {}, fields: CheckoutFacts['fields'] = {}): CheckoutFacts =>
  orderFacts({
    lines: [{ id: 'a', price: 300, quantity: 2, available: true }],
    shop: { ...orderFacts().shop, minSum: 500, deliveryCost: 0, freeDeliveryFrom: 0 },
    point: INSIDE,
    places: [place(1, week('10:00', '22:00'), zone), place(2)],
    now: noon,
    fields: { ...orderFacts().fields, client_address: 'Каменноостровский пр., 20', ...fields },
    ...over,
  });
const code = (f: CheckoutFacts) => checkOrder(f)?.code ?? null;

describe('checkOrder', () => {
  it('passes an order every check allows', () => {
    expect(checkOrder(facts())).toBeNull();
  });

  it('runs the seed’s checks in its order: items, zone, hours, minimum sum, fields; then the phone, the promo code, the SMS check', () => {
    const closed = { now: { day: 'monday' as const, minutes: 23 * 60 } };
    const everything = facts({ lines: [{ id: 'a', price: 100, quantity: 1, available: false }], point: OUTSIDE, ...closed, promo: { percent: 10, refusal: 'expired', condition: 0 }, shop: { ...facts().shop, smsCheck: true } }, { client_name: '', client_phone: '+7 (999' });
    expect(code(everything)).toBe('unavailable_items');
    const noItems = { ...everything, lines: [{ id: 'a', price: 100, quantity: 1, available: true }] };
    expect(code(noItems)).toBe('out_of_zone');
    const inZone = { ...noItems, point: INSIDE };
    expect(code(inZone)).toBe('out_of_hours');
    const open = { ...inZone, now: noon };
    expect(code(open)).toBe('min_sum');
    const enough = { ...open, lines: [{ id: 'a', price: 600, quantity: 1, available: true }] };
    expect(checkOrder(enough)).toEqual({ code: 'required_fields_error', params: {}, fields: ['client_name'] });
    const named = { ...enough, fields: { ...enough.fields, client_name: 'Анна' } };
    expect(checkOrder(named)).toEqual({ code: 'invalid_phone', params: {}, fields: ['client_phone'] });
    const phoned = { ...named, fields: { ...named.fields, client_phone: '8 999 123 45 67' } };
    expect(checkOrder(phoned)).toEqual({ code: 'promo_error', params: { reason: 'expired', sum: '0' }, fields: ['client_promocode'] });
    expect(checkOrder({ ...phoned, promo: null })).toEqual({ code: 'phone_check_required', params: {}, fields: ['client_phone'] });
    expect(checkOrder({ ...phoned, promo: null, phoneVerified: true })).toBeNull();
  });

  it('refuses an online payment nobody can take before anything else, and an empty cart', () => {
    expect(checkOrder(facts({ payment: 'online', shop: { ...facts().shop, onlinePayment: false }, lines: [] }))).toEqual({ code: 'payment_unavailable', params: {}, fields: ['client_payment'] });
    expect(code(facts({ lines: [{ id: 'a', price: 1, quantity: 0, available: true }] }))).toBe('empty_cart');
  });

  it('1. names the unavailable lines: not available, beyond a counted stock, or every line while purchases stop', () => {
    const lines = [
      { id: 'a', price: 300, quantity: 2, available: true },
      { id: 'b', price: 300, quantity: 3, available: true, stock: 2 },
      { id: 'c', price: 300, quantity: 1, available: false },
      { id: 'd', price: 300, quantity: 2, available: true, stock: 2 },
    ];
    expect(checkOrder(facts({ lines }))).toMatchObject({ code: 'unavailable_items', fields: ['b', 'c'] });
    expect(checkOrder(facts({ shop: { ...facts().shop, stopPurchase: true } }))).toMatchObject({ code: 'unavailable_items', fields: ['a'] });
  });

  it('2. refuses a delivery point outside every zone; a shop without zones delivers everywhere, pickup has no point', () => {
    expect(checkOrder(facts({ point: OUTSIDE }))).toEqual({ code: 'out_of_zone', params: {}, fields: ['client_coords'] });
    expect(code(facts({ point: OUTSIDE, places: [place(1)] }))).toBeNull();
    expect(code(facts({ point: OUTSIDE, receiving: 'pickup', placeId: '2' }))).toBeNull();
  });

  it('3. counts the hours of the pickup place, or of the places delivering to the point, and names them', () => {
    const a = place(1, week('10:00', '22:00'), zone);
    const b = place(2, week('08:00', '11:00'));
    const at = { day: 'monday' as const, minutes: 9 * 60 };
    expect(checkOrder(facts({ places: [a, b], now: at }))).toEqual({ code: 'out_of_hours', params: { from: '10:00', to: '22:00' }, fields: [] });
    expect(code(facts({ places: [a, b], now: at, receiving: 'pickup', placeId: '2' }))).toBeNull();
    // A point no zone holds (a shop whose zones do not cover it refuses it first): all places count.
    expect(placesForHours({ places: [a, b], receiving: 'delivery', point: OUTSIDE, placeId: null })).toEqual([a, b]);
    expect(placesForHours({ places: [a, b], receiving: 'delivery', point: INSIDE, placeId: null })).toEqual([a]);
    // Every day off: the seed's default hours are named.
    const off = place(1, week('10:00', '22:00', ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']));
    expect(checkOrder(facts({ places: [off], point: null, fields: {} }))).toMatchObject({ code: 'out_of_hours', params: { from: '00:00', to: '23:59' } });
  });

  it('4. refuses goods below the minimum after a promo that applies, not after one that does not', () => {
    expect(checkOrder(facts({ promo: { percent: 20, refusal: null, condition: 0 } }))).toEqual({ code: 'min_sum', params: { sum: '500' }, fields: [] });
    expect(code(facts({ promo: { percent: 20, refusal: null, condition: 1000 } }))).toBe('promo_error');
    expect(orderSums(facts({ promo: { percent: 20, refusal: null, condition: 1000 } }))).toMatchObject({ goods: 600, total: 600, discount: 0 });
    expect(checkOrder(facts({ promo: { percent: 5, refusal: null, condition: 1000 } }))).toEqual({ code: 'promo_error', params: { reason: 'min_sum', sum: '1000' }, fields: ['client_promocode'] });
  });

  it('gives the order to the pickup place, or the first place delivering to the point', () => {
    const places = [place(1), place(2, week('10:00', '22:00'), zone)];
    expect(orderPlace({ places, receiving: 'delivery', point: INSIDE, placeId: null })?.id).toBe(2);
    expect(orderPlace({ places, receiving: 'delivery', point: null, placeId: null })?.id).toBe(1);
    expect(orderPlace({ places, receiving: 'pickup', point: null, placeId: '2' })?.id).toBe(2);
  });
});

describe('check 5: the required fields', () => {
  const flags = (f: Record<string, unknown>) => ({ shop: { ...facts().shop, required: f } });
  const names = (over: Partial<CheckoutFacts>, fields: CheckoutFacts['fields']) => missingFields(facts(over, fields));

  it('names the empty required fields in the form’s order, with the seed’s defaults', () => {
    expect(names({ payment: null, receivingChosen: false, point: null }, { client_name: ' ', client_phone: '', client_address: '' })).toEqual(['client_name', 'client_phone', 'client_payment', 'client_receiving', 'client_address']);
    expect(names({}, {})).toEqual([]);
  });

  it('skips the address and the house group for pickup, and wants the pickup place among several', () => {
    const strict = flags({ client_numbers: '1' });
    expect(names({ ...strict, receiving: 'pickup', placeId: '1' }, { client_address: '' })).toEqual([]);
    expect(names({ ...strict, receiving: 'pickup' }, {})).toEqual(['place_id']);
    expect(names({ ...strict, receiving: 'pickup', places: [place(1)] }, {})).toEqual([]);
    expect(names({ ...strict }, { client_address: '' })).toEqual(['client_address', 'client_numbers']);
  });

  it('needs all three of house, entrance and floor when the shop asks; the flat is not one of them', () => {
    const strict = flags({ client_numbers: true });
    expect(names(strict, { client_house: '1', client_appart: '2' })).toEqual(['client_numbers']);
    expect(names(strict, { client_house: '1', client_appart: '2', client_entrance: '3' })).toEqual([]);
  });

  it('asks for the change only with cash, and follows the other flags', () => {
    const strict = flags({ client_change: '1', client_comment: '1', client_name: '0' });
    expect(names(strict, { client_name: '' })).toEqual(['client_change', 'client_comment']);
    expect(names({ ...strict, payment: 'card' }, { client_comment: 'x' })).toEqual([]);
    expect(names(strict, { client_change: 0, client_comment: 'x' })).toEqual([]);
  });

  it('wants the map point with the address when zones must be checked', () => {
    expect(names({ point: null }, {})).toEqual(['client_address']);
    expect(names({ point: null, shop: { ...facts().shop, usesMap: false } }, {})).toEqual([]);
    expect(names({ point: null, places: [place(1)] }, {})).toEqual([]);
    expect(names({ point: null, ...flags({ client_address: false }) }, { client_address: '' })).toEqual([]);
  });
});
