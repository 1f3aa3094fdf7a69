import { beforeAll, describe, expect, it, vi } from 'vitest';
import { NetworkError, type Params } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import type { CartLine } from '../../lib/types';
import { fakeApi, withFakeTimersAndStorage, type FakeReply } from '../../test/fakeApi';
import { cartCleared, cartReplaced, selectCartTotals } from '../cart/cartSlice';
import { promoApplied, promoTyped } from './promoSlice';

/** The promo code on the cart page, on a real store with a fake api client and fake timers. */

const line = (id: string, price: number, quantity = 1): CartLine => ({ id, categoryId: '11', name: `Товар ${id}`, price, quantity, currencyId: 'RUR', images: [] });

function setup(replies: Record<string, FakeReply[]>) {
  const { api, calls } = fakeApi(replies);
  const store = createAppStore({ api, listRetry: { retries: 0, delayMs: 10 } });
  return { store, calls, promoCalls: () => calls.filter((c) => c.api === 'promo') };
}
const SHOP = (p: Params) =>
  p.code === 'SALE20'
    ? { promo: { code: 'SALE20', discount: 20, status: 'proved', condition: 0 } }
    : p.code === 'MIN1000'
      ? { promo: { code: p.code, discount: 0, status: 'error', reason: 'min_sum', condition: 1000 } }
      : { promo: { code: p.code, discount: 0, status: 'error', reason: 'used', message: 'Промокод использован' } };

// The checks' chunk loads with the first code typed; loaded here first, so fake time is all the tests count.
beforeAll(() => import('./promoChecks'));

describe('the promo code', () => {
  withFakeTimersAndStorage();

  it('verifies a promo code 2 s after the last keystroke: proved with its discount, or the shop’s reason', async () => {
    const { store, promoCalls } = setup({ promo: [SHOP] });
    store.dispatch(cartReplaced([line('1', 1000, 2)]));
    store.dispatch(promoTyped('sa'));
    await vi.advanceTimersByTimeAsync(1500);
    store.dispatch(promoTyped('sale-20'));
    await vi.advanceTimersByTimeAsync(1900);
    expect(promoCalls()).toHaveLength(0);
    expect(store.getState().promo).toMatchObject({ code: 'SALE20', status: 'wait' });
    await vi.advanceTimersByTimeAsync(200);
    expect(promoCalls().map((c) => c.params)).toEqual([{ code: 'SALE20', total: '2000' }]);
    expect(store.getState().promo).toMatchObject({ status: 'proved', discount: 20 });
    expect(selectCartTotals(store.getState())).toMatchObject({ goods: 2000, total: 1600, discount: 400 });
    expect(localStorage.getItem('promoCode')).toBe('SALE20');

    store.dispatch(promoTyped('ONCE1'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(store.getState().promo).toMatchObject({ code: 'ONCE1', status: 'error', discount: 0, reason: 'used' });
    expect(selectCartTotals(store.getState()).total).toBe(2000);

    store.dispatch(promoTyped(''));
    await vi.advanceTimersByTimeAsync(2500);
    expect(store.getState().promo).toMatchObject({ code: '', status: 'wait' });
    expect(promoCalls()).toHaveLength(2);
  });

  it('verifies at once when applied (the button or Enter), without waiting 2 s; a refusal keeps its minimum sum', async () => {
    const { store, promoCalls } = setup({ promo: [SHOP] });
    store.dispatch(cartReplaced([line('1', 300)]));
    store.dispatch(promoTyped('min1000'));
    store.dispatch(promoApplied());
    await vi.advanceTimersByTimeAsync(0);
    expect(promoCalls()).toHaveLength(1);
    expect(store.getState().promo).toMatchObject({ code: 'MIN1000', status: 'error', reason: 'min_sum', condition: 1000 });
    // The 2 s wait of the keystroke was replaced by the press: no second call.
    await vi.advanceTimersByTimeAsync(3000);
    expect(promoCalls()).toHaveLength(1);
  });

  it('keeps a code waiting when the check gets no answer', async () => {
    const { store, promoCalls } = setup({ promo: [new NetworkError()] });
    store.dispatch(promoTyped('SALE20'));
    // 2 s, then the call and its one retry 1.5 s later
    await vi.advanceTimersByTimeAsync(4000);
    expect(promoCalls()).toHaveLength(2);
    expect(store.getState().promo).toMatchObject({ code: 'SALE20', status: 'wait', checking: false });
  });

  it('goes with the cart after an order', async () => {
    const { store } = setup({ promo: [SHOP] });
    store.dispatch(promoTyped('SALE20'));
    store.dispatch(cartCleared());
    expect(store.getState().promo).toMatchObject({ code: '', status: 'wait' });
    await vi.advanceTimersByTimeAsync(0);
    expect(localStorage.getItem('promoCode')).toBeNull();
  });
});
