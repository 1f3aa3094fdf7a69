import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type Params } from '../../../dataProvider/apiClient';
import { cartCleared } from '../cart/cartSlice';
import payment, { orderIdOf, paymentStatusRequested } from './paymentSlice';
import paymentSaga from './paymentSaga';
import { PENDING_RETRY_MS, STATUS_TRIES } from './paymentWorkers';

/** The return pages' saga on its reducer with a fake api client. */
function setup(replies: (unknown | Error)[]) {
  const calls: Params[] = [];
  const api = {
    call: vi.fn(async (_name: string, params: Params = {}) => {
      calls.push(params);
      const r = replies.length > 1 ? replies.shift() : replies[0];
      if (r instanceof Error) throw r;
      return r as never;
    }),
  };
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (a) => {
    actions.push(a as UnknownAction);
    return next(a);
  };
  const saga = createSagaMiddleware({ context: { api } });
  const store = configureStore({
    reducer: { payment },
    middleware: (d) =>
      d({ thunk: false, serializableCheck: false })
        .concat(recorder)
        .concat(saga),
  });
  saga.run(paymentSaga);
  return { store, calls, actions };
}

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) } as Storage;
};

describe('payment return pages', () => {
  beforeAll(async () => {
    await import('./paymentWorkers');
  });
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', memory());
    localStorage.setItem('device_id', 'device-0001');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads the orderId query: whole positive numbers only', () => {
    expect(orderIdOf('?orderId=12')).toBe(12);
    expect(orderIdOf('?orderId=0')).toBeNull();
    expect(orderIdOf('?orderId=1e3')).toBeNull();
    expect(orderIdOf('')).toBeNull();
  });

  it('paid: asks api=sber_status with the device id, settles as paid and empties the cart', async () => {
    const t = setup([{ orderId: 5, paymentStatus: 'paid', paid: '1' }]);
    t.store.dispatch(paymentStatusRequested(5));
    await vi.advanceTimersByTimeAsync(10);
    expect(t.calls).toEqual([{ orderId: 5, device_id: 'device-0001' }]);
    expect(t.store.getState().payment).toMatchObject({ orderId: 5, result: 'paid', status: 'idle' });
    expect(t.actions.some((a) => a.type === cartCleared.type)).toBe(true);
  });

  it('pending: asks again every 1.5 s until the acquirer settles; gives up after 10 tries', async () => {
    const t = setup([{ paymentStatus: 'pending', paid: '0' }, { paymentStatus: 'pending', paid: '0' }, { paymentStatus: 'paid', paid: '1' }]);
    t.store.dispatch(paymentStatusRequested(5));
    await vi.advanceTimersByTimeAsync(10);
    expect(t.store.getState().payment).toMatchObject({ result: 'pending', status: 'loading' });
    await vi.advanceTimersByTimeAsync(PENDING_RETRY_MS * 2);
    expect(t.calls).toHaveLength(3);
    expect(t.store.getState().payment.result).toBe('paid');

    const never = setup([{ paymentStatus: 'pending', paid: '0' }]);
    never.store.dispatch(paymentStatusRequested(6));
    await vi.advanceTimersByTimeAsync(PENDING_RETRY_MS * (STATUS_TRIES + 2));
    expect(never.calls).toHaveLength(STATUS_TRIES);
    expect(never.store.getState().payment).toMatchObject({ result: 'pending', status: 'idle' });
    expect(never.actions.some((a) => a.type === cartCleared.type)).toBe(false);
  });

  it('declined is failed and keeps the cart; an order of someone else is an error', async () => {
    const t = setup([{ paymentStatus: 'failed', paid: '0' }]);
    t.store.dispatch(paymentStatusRequested(5));
    await vi.advanceTimersByTimeAsync(10);
    expect(t.store.getState().payment.result).toBe('failed');
    expect(t.actions.some((a) => a.type === cartCleared.type)).toBe(false);

    const other = setup([new ApiError(404, 'not_found', 'Не найдено')]);
    other.store.dispatch(paymentStatusRequested(7));
    await vi.advanceTimersByTimeAsync(10);
    expect(other.store.getState().payment).toMatchObject({ status: 'failed', result: 'unknown' });
    expect(other.store.getState().payment.error).toBeTruthy();
  });
});
