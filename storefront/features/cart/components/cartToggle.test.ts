import { describe, expect, it } from 'vitest';
import type { CartLine, OfferCard } from '../../../lib/types';
import reducer, { cartItemAdded, cartItemDecremented, cartItemRemoved, cartQuantitySet, lineOf, type CartState } from '../cartSlice';

/**
 * The rules of the cart controls on the item page and on product cards (AddToCart): adding an item already
 * in the cart adds one; minus from 1, a typed 0 or an emptied input takes the item out; the toggle removes.
 */
const card: OfferCard = { id: '1001', name: 'Смартфон Квант A5 64 ГБ', price: 12990, categoryId: '11', currencyId: 'RUR', thumb: '1/offers/a_t.webp', images: ['1/offers/a.jpg'] };
const empty: CartState = { items: [], status: 'idle', unavailablePopup: false };
const run = (...actions: Parameters<typeof reducer>[1][]) => actions.reduce(reducer, empty);
const quantities = (s: CartState) => s.items.map((l: CartLine) => [l.id, l.quantity]);

describe('cart controls of the item page and the product cards', () => {
  it('a card becomes a cart line, adding it again adds one', () => {
    expect(lineOf(card)).toEqual({ id: '1001', categoryId: '11', name: card.name, typePrefix: null, price: 12990, quantity: 1, currencyId: 'RUR', images: ['1/offers/a.jpg'], thumb: '1/offers/a_t.webp' });
    expect(quantities(run(cartItemAdded(lineOf(card)), cartItemAdded(lineOf(card))))).toEqual([['1001', 2]]);
  });

  it('minus counts down and from 1 takes the item out', () => {
    const two = run(cartItemAdded(lineOf(card)), cartItemAdded(lineOf(card)));
    expect(quantities(reducer(two, cartItemDecremented('1001')))).toEqual([['1001', 1]]);
    expect(quantities(run(cartItemAdded(lineOf(card)), cartItemDecremented('1001')))).toEqual([]);
  });

  it('a typed quantity keeps digits (at most 6), 0 or nothing takes the item out', () => {
    const one = run(cartItemAdded(lineOf(card)));
    expect(quantities(reducer(one, cartQuantitySet({ id: '1001', quantity: '1x2345678' })))).toEqual([['1001', 123456]]);
    expect(quantities(reducer(one, cartQuantitySet({ id: '1001', quantity: '0' })))).toEqual([]);
    expect(quantities(reducer(one, cartQuantitySet({ id: '1001', quantity: '' })))).toEqual([]);
  });

  it('the toggle (without the quantity control) takes the item out again', () => {
    expect(quantities(run(cartItemAdded(lineOf(card)), cartItemAdded(lineOf(card)), cartItemRemoved('1001')))).toEqual([]);
  });
});
