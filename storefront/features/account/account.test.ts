import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../dataProvider/apiClient';
import { appStarted } from '../../lib/events';
import { loadPageTexts } from '../../lib/i18n';
import shell from '../shell/shellSlice';
import account, { myOrdersRequested, signInCodeRequested, signInSubmitted, signOutRequested } from './accountSlice';
import accountSaga from './accountSaga';
import { formatNational, phoneOf } from './phone';
import { memoryStorage } from '../../test/memoryStorage';
import { fakeApi, type FakeReply } from '../../test/fakeApi';

/** The account's sagas on a real reducer with a fake api client (answers by api name, in order). */
function setup(replies: Record<string, FakeReply[]>) {
  const { api, calls } = fakeApi(replies, {});
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (a) => {
    actions.push(a as UnknownAction);
    return next(a);
  };
  const saga = createSagaMiddleware({ context: { api, listRetry: { retries: 0, delayMs: 10 } } });
  const store = configureStore({
    reducer: { account, shell },
    middleware: (d) =>
      d({ thunk: false, serializableCheck: false })
        .concat(recorder)
        .concat(saga),
  });
  saga.run(accountSaga);
  return { store, calls, actions, api };
}

const toasts = (actions: UnknownAction[]) => actions.filter((a) => a.type === 'toast/shown').map((a) => (a.payload as { text: string }).text);

describe('account sagas', () => {
  const listeners = new Map<string, () => void>();
  // The workers are their own chunk (a dynamic import): loaded once here, so fake timers can drive them.
  beforeAll(async () => {
    await import('./accountWorkers');
    await import('./notificationsSaga');
    await loadPageTexts();
  });
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {}, location: { origin: 'http://shop.test' } });
    vi.stubGlobal('document', {
      visibilityState: 'visible',
      addEventListener: (k: string, f: () => void) => listeners.set(k, f),
      removeEventListener: (k: string) => listeners.delete(k),
    });
    localStorage.setItem('device_id', 'device-0001');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    listeners.clear();
  });

  it('starts with the app, learns the seq, then shows each new notification once', async () => {
    const t = setup({
      inner_push: [
        { seq: '7', inner_push: [] },
        { seq: '7', inner_push: [] },
        { seq: '8', inner_push: [{ seq: 8, header: 'Заказ №3', desc: 'Статус заказа: Принят' }] },
        { seq: '8', inner_push: [] },
      ],
    });
    t.store.dispatch(appStarted());
    await vi.advanceTimersByTimeAsync(10);
    const poll = () => t.calls.filter((c) => c.api === 'inner_push');
    expect(poll()).toHaveLength(1);
    expect(poll()[0].params).toEqual({ device_id: 'device-0001' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(poll()[1].params).toEqual({ device_id: 'device-0001', seq: '7' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(toasts(t.actions)).toEqual(['Заказ №3. Статус заказа: Принят']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(poll()[3].params.seq).toBe('8');
    expect(toasts(t.actions)).toHaveLength(1);
  });

  it('waits while the page is hidden; a network error waits 1.5 s; a token error signs out and goes on for the device', async () => {
    (document as { visibilityState: string }).visibilityState = 'hidden';
    localStorage.setItem('user_id', '5');
    localStorage.setItem('token_seq', '9');
    localStorage.setItem('token', 'stale');
    const t = setup({ inner_push: [new NetworkError(), new ApiError(401, 'token_error', 'token error'), { seq: '1', inner_push: [] }] });
    expect(t.store.getState().account.session?.userId).toBe('5');
    t.store.dispatch(appStarted());
    await vi.advanceTimersByTimeAsync(5000);
    const poll = () => t.calls.filter((c) => c.api === 'inner_push');
    expect(poll()).toHaveLength(0);
    (document as { visibilityState: string }).visibilityState = 'visible';
    listeners.get('visibilitychange')!();
    await vi.advanceTimersByTimeAsync(10);
    expect(poll()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(poll()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(poll()).toHaveLength(2);
    expect(t.store.getState().account.session).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(poll()).toHaveLength(3);
  });

  it('signs in: the code to the phone, then the session stored under the seed keys; signs out with api=logout', async () => {
    const t = setup({ sms_code: [{ sms_code: 'sent' }], login: [{ user_id: '12', token_seq: '30', token: 'tok', is_owner: '0' }], logout: [{ logout: 'ok' }] });
    t.store.dispatch(signInCodeRequested('+79995550101'));
    await vi.advanceTimersByTimeAsync(10);
    expect(t.calls.at(-1)).toEqual({ api: 'sms_code', params: { phone: '+79995550101', lang: 'ru' }, auth: null });
    expect(t.store.getState().account.signIn.step).toBe('code');
    t.store.dispatch(signInSubmitted('1234'));
    await vi.advanceTimersByTimeAsync(10);
    expect(t.calls.at(-1)).toEqual({ api: 'login', params: { phone: '+79995550101', code: '1234' }, auth: null });
    expect(t.store.getState().account.session).toEqual({ userId: '12', isOwner: false });
    expect([localStorage.getItem('user_id'), localStorage.getItem('token_seq'), localStorage.getItem('token')]).toEqual(['12', '30', 'tok']);
    t.store.dispatch(signOutRequested());
    await vi.advanceTimersByTimeAsync(10);
    expect(t.calls.at(-1)?.api).toBe('logout');
    expect(t.store.getState().account.session).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a wrong code is a toast and no session', async () => {
    const t = setup({ sms_code: [{ sms_code: 'sent' }], login: [new ApiError(400, 'invalid_code', 'Неверный код')] });
    t.store.dispatch(signInCodeRequested('+79995550101'));
    await vi.advanceTimersByTimeAsync(10);
    t.store.dispatch(signInSubmitted('0000'));
    await vi.advanceTimersByTimeAsync(10);
    expect(t.store.getState().account.session).toBeNull();
    expect(t.store.getState().account.signIn.status).toBe('failed');
    expect(toasts(t.actions)).toHaveLength(1);
  });

  it('the order list asks with the device id; a stale session is dropped and the list asked again for the device', async () => {
    localStorage.setItem('user_id', '5');
    localStorage.setItem('token_seq', '9');
    localStorage.setItem('token', 'stale');
    const t = setup({ orders: [new ApiError(401, 'token_error', 'token error'), { orders: [{ id: 2, date: '2026-11-21', status: 'new', paymentStatus: 'none', receiving: 'pickup', total: 100 }] }] });
    t.store.dispatch(myOrdersRequested());
    await vi.advanceTimersByTimeAsync(10);
    expect(t.calls.filter((c) => c.api === 'orders').map((c) => c.params)).toEqual([
      { list: 1, device_id: 'device-0001' },
      { list: 1, device_id: 'device-0001' },
    ]);
    expect(t.store.getState().account.session).toBeNull();
    expect(t.store.getState().account.orders.items.map((o) => o.id)).toEqual([2]);
  });
});

describe('sign-in phone', () => {
  it.each<[code: string, typed: string, shown: string]>([
    ['7', '999', '(999'],
    ['7', '9995550101', '(999) 555-01-01'],
    ['7', '8 (999) 555-01-01', '(999) 555-01-01'],
    ['7', '999555010199', '(999) 555-01-01'],
    ['44', '20 7946 0958', '20 7946 0958'],
  ])('masks +7 numbers as the shop does and drops a pasted 8 or 7 prefix: +%s %s', (code, typed, shown) => {
    expect(formatNational(code, typed)).toBe(shown);
  });
  it('takes whole numbers only', () => {
    expect(phoneOf('7', '(999) 555-01-01')).toBe('+79995550101');
    expect(phoneOf('7', '(999) 555-01')).toBeNull();
    expect(phoneOf('44', '20 7946 0958')).toBe('+442079460958');
    expect(phoneOf('', '123')).toBeNull();
    expect(phoneOf('1', '12')).toBeNull();
  });
});
