import { describe, expect, it } from 'vitest';
import { isOrderPlacement } from './checkoutForm';
import { priceLines } from './placeOrder';

const product = (id: string, price: number) => [id, { id, name: `P${id}`, price, category_id: '1', available: 1, active: 1, picture: null, data: '{"currencyId":"RUR"}' }] as const;
const products = new Map([product('a', 150), product('b', 99.9), product('c', 1000)]);

describe('priceLines', () => {
  it('prices lines from stored prices, the promo per unit rounded', () => {
    const plain = priceLines(products, [{ id: 'a', quantity: 2 }, { id: 'b', quantity: 3 }], 0);
    expect(plain.map((l) => [l.price, l.sum])).toEqual([[150, 300], [99.9, 299.7]]);
    const promo = priceLines(products, [{ id: 'a', quantity: 2 }, { id: 'b', quantity: 3 }], 5);
    expect(promo.map((l) => [l.basePrice, l.price, l.sum])).toEqual([[150, 143, 286], [99.9, 95, 285]]);
  });
});

describe('the order form', () => {
  it('tells a placement from a listing', () => {
    expect(isOrderPlacement({ raw: {}, items: new Map([['1', '2']]), p: new Map() })).toBe(true);
    expect(isOrderPlacement({ raw: { idempotency_key: 'k' }, items: new Map(), p: new Map() })).toBe(true);
    expect(isOrderPlacement({ raw: { list: '1', device_id: 'abcdefgh' }, items: new Map(), p: new Map() })).toBe(false);
    expect(isOrderPlacement({ raw: {}, items: new Map(), p: new Map([[674, '1']]) })).toBe(false);
  });
});
