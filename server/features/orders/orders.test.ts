import { describe, expect, it } from 'vitest';
import { ORDER_CHECKS, amountDue, isOrderPlacement, missingRequired, ownsOrder, priceLines } from './orders';
import { amountInKopecks } from '../payments/payments';

const product = (id: string, price: number) => [id, { id, name: `P${id}`, price, category_id: '1', available: 1, active: 1, picture: null, data: '{"currencyId":"RUR"}' }] as const;
const products = new Map([product('a', 150), product('b', 99.9), product('c', 1000)]);

describe('priceLines', () => {
  it('prices lines from stored prices, the promo per unit rounded', () => {
    const plain = priceLines(products, [{ id: 'a', quantity: 2 }, { id: 'b', quantity: 3 }], 0);
    expect(plain.lines.map((l) => [l.price, l.sum])).toEqual([[150, 300], [99.9, 299.7]]);
    expect(plain).toMatchObject({ goodsTotal: 599.7, total: 599.7, discount: 0, totalQuantity: 5 });
    const promo = priceLines(products, [{ id: 'a', quantity: 2 }, { id: 'b', quantity: 3 }], 5);
    expect(promo.lines.map((l) => [l.basePrice, l.price])).toEqual([[150, 143], [99.9, 95]]);
    expect(promo).toMatchObject({ goodsTotal: 599.7, total: 571, discount: 28.7 });
  });
});

describe('missingRequired', () => {
  const store = { client_name: true, client_phone: true, client_payment: true, client_receiving: true, client_address: true, client_change: false, client_numbers: false, client_comment: false };
  const parsed = (values: Record<string, unknown>, over: Record<string, unknown> = {}) =>
    ({ values, receiving: 'delivery', receivingChosen: true, payment: 'cash', coords: [59.9, 30.3], ...over }) as Parameters<typeof missingRequired>[1];
  const names = (s: Record<string, unknown>, p: Parameters<typeof missingRequired>[1], needCoords = false) => missingRequired(s, p, { needCoords }).map((e) => e.field);

  it('names the empty required fields in the form’s order', () => {
    expect(names(store, parsed({ client_address: 'x' }, { payment: null, receivingChosen: false }))).toEqual(['client_name', 'client_phone', 'client_payment', 'client_receiving']);
    expect(names(store, parsed({ client_name: 'A', client_phone: '1', client_address: 'x' }))).toEqual([]);
  });
  it('skips the address and the house group for pickup', () => {
    const s = { ...store, client_numbers: true };
    expect(names(s, parsed({ client_name: 'A', client_phone: '1' }, { receiving: 'pickup' }))).toEqual([]);
    expect(names(s, parsed({ client_name: 'A', client_phone: '1' }))).toEqual(['client_address', 'client_numbers']);
  });
  it('needs all three of house, flat and entrance', () => {
    const s = { ...store, client_numbers: true };
    const base = { client_name: 'A', client_phone: '1', client_address: 'x' };
    expect(names(s, parsed({ ...base, client_house: '1', client_appart: '2' }))).toEqual(['client_numbers']);
    expect(names(s, parsed({ ...base, client_house: '1', client_appart: '2', client_entrance: '3' }))).toEqual([]);
  });
  it('asks for the change only with cash', () => {
    const s = { ...store, client_change: true };
    const base = { client_name: 'A', client_phone: '1', client_address: 'x' };
    expect(names(s, parsed(base))).toEqual(['client_change']);
    expect(names(s, parsed(base, { payment: 'card' }))).toEqual([]);
    expect(names(s, parsed({ ...base, client_change: 0 }))).toEqual([]);
  });
  it('wants the map point with the address when zones must be checked', () => {
    const base = { client_name: 'A', client_phone: '1', client_address: 'x' };
    expect(names(store, parsed(base, { coords: null }), true)).toEqual(['client_address']);
    expect(names(store, parsed(base, { coords: null }), false)).toEqual([]);
    expect(names({ ...store, client_address: false }, parsed({ client_name: 'A', client_phone: '1' }, { coords: null }), true)).toEqual([]);
  });
});

describe('order helpers', () => {
  it('tells a placement from a listing', () => {
    expect(isOrderPlacement({ raw: {}, items: new Map([['1', '2']]), p: new Map() })).toBe(true);
    expect(isOrderPlacement({ raw: { idempotency_key: 'k' }, items: new Map(), p: new Map() })).toBe(true);
    expect(isOrderPlacement({ raw: { list: '1', device_id: 'abcdefgh' }, items: new Map(), p: new Map() })).toBe(false);
    expect(isOrderPlacement({ raw: {}, items: new Map(), p: new Map([[674, '1']]) })).toBe(false);
  });
  it('gives an order to its user, or to the device of an anonymous order', () => {
    const user = { id: 5, storeId: 1, phone: '+7', sessionId: 1, isOwner: false };
    expect(ownsOrder({ user_id: 5, device_id: 'd' }, { user, deviceId: null })).toBe(true);
    expect(ownsOrder({ user_id: 6, device_id: 'd' }, { user, deviceId: 'd' })).toBe(false);
    expect(ownsOrder({ user_id: null, device_id: 'd' }, { user: null, deviceId: 'd' })).toBe(true);
    expect(ownsOrder({ user_id: null, device_id: 'd' }, { user: null, deviceId: 'e' })).toBe(false);
    expect(ownsOrder({ user_id: null, device_id: null }, { user: null, deviceId: null })).toBe(false);
  });
  it('computes what is due, in kopecks for the acquirer', () => {
    expect(amountDue({ total: 571, delivery_cost: 200 })).toBe(771);
    expect(amountInKopecks({ total: 599.7, delivery_cost: 200 })).toBe(79970);
    expect(amountInKopecks({ total: 0.1 + 0.2, delivery_cost: 0 })).toBe(30);
  });
});

describe('ORDER_CHECKS', () => {
  it('runs the seed’s five checks in its order, then the promo code and the SMS check', () => {
    expect(ORDER_CHECKS.map((c) => c.name)).toEqual([
      'online payment possible',
      'cart not empty',
      '1. every item available',
      '2. delivery point inside a zone',
      '3. within delivery hours',
      '4. minimum sum after a valid promo',
      '5. required fields',
      'promo code valid',
      'phone verified by SMS (when the shop asks)',
    ]);
  });
});
