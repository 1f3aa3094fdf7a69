import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Params } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import type { CartLine, OfferCard } from '../../lib/types';
import { discountedUnitPrice } from '../../../schemas/rules/promo';
import { cartTotals, cleanQuantityInput } from './cartLogic';
import {
  cartLeft,
  cartLineDecremented,
  cartLineIncremented,
  cartLineQuantityTyped,
  cartRefreshRequested,
  cartReplaced,
  cartUnavailableRemoved,
  selectCartTotals,
} from './cartSlice';
import { fakeApi, withFakeTimersAndStorage, type FakeReply } from '../../test/fakeApi';
import { itMaps } from '../../../schemas/testing/cases';


const line = (id: string, price: number, quantity = 1): CartLine => ({ id, categoryId: '11', name: `Товар ${id}`, price, quantity, currencyId: 'RUR', images: [] });
const card = (id: string, price: number, available: '1' | '0' = '1'): OfferCard => ({ id, name: `Новое имя ${id}`, price, categoryId: '11', available, thumb: `1/offers/${id}_t.webp` });

function setup(replies: Record<string, FakeReply[]>) {
  const { api, calls } = fakeApi(replies);
  const store = createAppStore({ api, listRetry: { retries: 0, delayMs: 10 } });
  return { store, calls };
}

describe('cart rules', () => {
  itMaps('keeps digits only, at most 6, in a typed quantity: %s', cleanQuantityInput, [
    ['12a3', '123'],
    ['12345678', '123456'],
    ['-', ''],
  ]);

  it('takes the promo percent off each unit, rounded (the server rule)', () => {
    expect(discountedUnitPrice(150, 5)).toBe(143);
    expect(discountedUnitPrice(12990, 20)).toBe(10392);
    expect(discountedUnitPrice(100, 0)).toBe(100);
    const t = cartTotals([line('1', 150, 2), line('2', 12990), { ...line('3', 500), isDisabledItem: true }], 5);
    expect(t).toEqual({ quantity: 3, goods: 13290, total: 143 * 2 + 12341, discount: 13290 - (143 * 2 + 12341) });
  });
});

describe('cart saga', () => {
  // The cart page's sagas load on the first event that needs them; load the module once before the fake timers.
  beforeAll(async () => {
    await import('./cartPageSaga');
  });
  withFakeTimersAndStorage();

  it('plus, minus never below 1, typed digits, zero lines dropped on leaving, all kept in localStorage', async () => {
    const { store } = setup({});
    store.dispatch(cartReplaced([line('1', 100, 1), line('2', 200, 3)]));
    store.dispatch(cartLineDecremented('1'));
    expect(store.getState().cart.items[0].quantity).toBe(1);
    store.dispatch(cartLineIncremented('1'));
    store.dispatch(cartLineIncremented('1'));
    expect(store.getState().cart.items[0].quantity).toBe(3);
    store.dispatch(cartLineQuantityTyped({ id: '2', text: '12x34567' }));
    expect(store.getState().cart.items[1].quantity).toBe(123456);
    store.dispatch(cartLineQuantityTyped({ id: '1', text: '' }));
    expect(store.getState().cart.items[0].quantity).toBe(0);
    store.dispatch(cartLeft());
    expect(store.getState().cart.items.map((l) => l.id)).toEqual(['2']);
    expect(JSON.parse(localStorage.getItem('Cart')!)).toHaveLength(1);
  });

  it('refreshes the lines from the shop: new names and prices, unknown and unavailable lines flagged, the popup opens', async () => {
    const { store, calls } = setup({ offers: [{ offers: [card('1', 150), card('3', 10, '0')] }] });
    store.dispatch(cartReplaced([line('1', 100), line('2', 200), line('3', 10)]));
    store.dispatch(cartRefreshRequested());
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[0]).toMatchObject({ api: 'offers', params: { ids: '1,2,3' } });
    const items = store.getState().cart.items;
    expect(items[0]).toMatchObject({ name: 'Новое имя 1', price: 150, thumb: '1/offers/1_t.webp', isDisabledItem: false });
    expect(items[1].isDisabledItem).toBe(true);
    expect(items[2].isDisabledItem).toBe(true);
    expect(store.getState().cart.unavailablePopup).toBe(true);
    expect(selectCartTotals(store.getState()).goods).toBe(150);
    store.dispatch(cartUnavailableRemoved());
    expect(store.getState().cart.items.map((l) => l.id)).toEqual(['1']);
    expect(store.getState().cart.unavailablePopup).toBe(false);
  });

  it('asks for the stop list of the delivery point and flags its lines', async () => {
    localStorage.setItem('deliveryPoint', JSON.stringify({ address: 'Каменноостровский пр., 20', coords: [59.962, 30.311] }));
    const { store, calls } = setup({ offers: [(p: Params) => (p.coords ? { offers: [card('2', 200, '0')] } : { offers: [card('1', 100), card('2', 200)] })] });
    store.dispatch(cartReplaced([line('1', 100), line('2', 200)]));
    store.dispatch(cartRefreshRequested());
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.params.coords)).toEqual([undefined, '59.962,30.311']);
    expect(store.getState().cart.items.map((l) => l.isDisabledItem)).toEqual([false, true]);
  });
});
