import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import './feature';
import { deepMerge, setTexts } from '../../lib/i18n';
import type { CartLine, StoreSettings } from '../../lib/types';
import ru from '../../../i18n/storefront/ru';
import ruPages from '../../../i18n/storefront/pages/ru';
import commonRu from '../../../i18n/common/ru';
import { cartReplaced } from '../cart/cartSlice';
import { phoneDigits } from '../../../schemas/rules/phone';
import { orderFieldChanged, orderSubmitted, smsCheckClosed, smsCodeEntered, smsCodeResend } from './orderSlice';
import type { OrderFormValues } from './orderLogic';
import { memoryStorage } from '../../test/memoryStorage';
import { fakeApi, type FakeReply } from '../../test/fakeApi';

/** The SMS check of the phone before the order (store setting sms_check), on a real store with a fake api. */

const shop = (over: Partial<StoreSettings> = {}): StoreSettings => ({
  id: 1,
  userId: 1,
  name: 'Демо',
  min_sum: 0,
  pay_cash: '1',
  pickup_popup: 'Заберите заказ',
  timezone: 'Europe/Moscow',
  controls: { is_delivery: '1', is_pickup: '1', map: '1' },
  required_fields: { client_name: '1', client_phone: '1', client_payment: '1', client_receiving: '1' },
  sms_check: '1',
  ...over,
});
const line = (id: string, price: number, quantity = 1): CartLine => ({ id, categoryId: '11', name: `Товар ${id}`, price, quantity });
const pickup: Partial<OrderFormValues> = { client_name: 'Анна', client_phone: '8 (999) 123-45-67', client_payment: 'cash', client_receiving: 'pickup', place_id: '1' };
const SESSION = { user_id: '7', token_seq: '70', token: 'tok', is_owner: '0' };

function setup(replies: Record<string, FakeReply[]>) {
  const { api, calls } = fakeApi(replies);
  const store = createAppStore({ api, listRetry: { retries: 0, delayMs: 1 } });
  const toasts = () => store.getState().shell.toasts.map((t) => t.text);
  for (const [name, value] of Object.entries(pickup)) store.dispatch(orderFieldChanged({ name: name as keyof OrderFormValues, value: value as string }));
  store.dispatch(cartReplaced([line('1', 900)]));
  return { store, calls, toasts, names: () => calls.map((c) => c.api) };
}
const settle = () => new Promise((r) => setTimeout(r, 30));

describe('the SMS check of the phone', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    // GET /rest/places (the checkout loads the places' zones and hours): none unless a test loads some.
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]')));
    setTexts('ru', deepMerge(deepMerge(commonRu, ru), ruPages));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('writes the phone as digits, 8XXXXXXXXXX as 7XXXXXXXXXX', () => {
    expect(phoneDigits('8 (999) 123-45-67')).toBe('79991234567');
    expect(phoneDigits('+7 (999) 123-45-67')).toBe('79991234567');
  });

  it('is skipped when the shop does not ask for it', async () => {
    const { store, names } = setup({ orders: [{ orders: [5] }] });
    store.dispatch(orderSubmitted({ store: shop({ sms_check: '0' }) }));
    await settle();
    expect(names()).toEqual(['orders']);
    expect(store.getState().order.sms).toBeNull();
  });

  it('after the checks: sends the code, a wrong code shows the server message, the right one signs in and sends the order with the session', async () => {
    const { store, calls, names } = setup({
      sms_code: [{ sms_code: 'sent' }],
      login: [new ApiError(400, 'invalid_code', 'Неверный код'), SESSION],
      orders: [{ orders: [77] }],
    });
    store.dispatch(orderSubmitted({ store: shop() }));
    await settle();
    expect(names()).toEqual(['sms_code']);
    expect(calls[0].params).toEqual({ phone: '79991234567', lang: 'ru' });
    expect(store.getState().order.sms).toMatchObject({ phone: '79991234567', status: 'idle', error: null });
    expect(store.getState().order.status).toBe('sending');

    store.dispatch(smsCodeEntered('12'));
    await settle();
    expect(store.getState().order.sms?.error).toBe('Введите 4 цифры кода');
    store.dispatch(smsCodeEntered('0000'));
    await settle();
    expect(calls.at(-1)).toMatchObject({ api: 'login', params: { phone: '79991234567', code: '0000' } });
    expect(store.getState().order.sms?.error).toBe('Неверный код');
    expect(names()).not.toContain('orders');

    store.dispatch(smsCodeEntered('1234'));
    await settle();
    expect(names()).toEqual(['sms_code', 'login', 'login', 'orders']);
    expect(calls.at(-1)!.auth).toBe('tok');
    expect(localStorage.getItem('user_id')).toBe('7');
    expect(localStorage.getItem('token_seq')).toBe('70');
    expect(localStorage.getItem('phoneNumber')).toBe('79991234567');
    expect(store.getState().account.session).toMatchObject({ userId: '7' });
    expect(store.getState().order.sms).toBeNull();
    expect(store.getState().order.result).toEqual({ kind: 'success', orderId: 77, text: 'Заберите заказ' });
  });

  it('no popup when signed in with the same phone', async () => {
    for (const [k, v] of Object.entries(SESSION)) localStorage.setItem(k, v);
    localStorage.setItem('phoneNumber', '79991234567');
    const { store, names } = setup({ orders: [{ orders: [8] }] });
    store.dispatch(orderSubmitted({ store: shop() }));
    await settle();
    expect(names()).toEqual(['orders']);
    expect(store.getState().order.result).toMatchObject({ kind: 'success', orderId: 8 });
  });

  it('signed in on /login (no phone kept): the order goes straight and the phone is kept once the server takes it', async () => {
    for (const [k, v] of Object.entries(SESSION)) localStorage.setItem(k, v);
    const { store, names } = setup({ orders: [{ orders: [11] }] });
    store.dispatch(orderSubmitted({ store: shop() }));
    await settle();
    expect(names()).toEqual(['orders']);
    expect(localStorage.getItem('phoneNumber')).toBe('79991234567');
    expect(store.getState().order.result).toMatchObject({ kind: 'success', orderId: 11 });
  });

  it('signed in with another phone: the popup appears', async () => {
    for (const [k, v] of Object.entries(SESSION)) localStorage.setItem(k, v);
    localStorage.setItem('phoneNumber', '79990000000');
    const { store, names } = setup({ sms_code: [{ sms_code: 'sent' }] });
    store.dispatch(orderSubmitted({ store: shop() }));
    await settle();
    expect(names()).toEqual(['sms_code']);
    expect(store.getState().order.sms).not.toBeNull();
  });

  it('closing the popup gives the button back, and the next press keeps the same order key', async () => {
    const { store, calls } = setup({ sms_code: [{ sms_code: 'sent' }], login: [SESSION], orders: [{ orders: [9] }] });
    store.dispatch(orderSubmitted({ store: shop() }));
    await settle();
    store.dispatch(smsCheckClosed());
    await settle();
    expect(store.getState().order.sms).toBeNull();
    expect(store.getState().order.status).toBe('idle');
    const key = JSON.parse(localStorage.getItem('orderAttempt')!).key;
    store.dispatch(orderSubmitted({ store: shop() }));
    await settle();
    store.dispatch(smsCodeEntered('1234'));
    await settle();
    const order = calls.find((c) => c.api === 'orders')!;
    expect(order.params.idempotency_key).toBe(key);
    expect(store.getState().order.result).toMatchObject({ kind: 'success', orderId: 9 });
  });

  it('an sms_code failure is logged, a toast shown and the button re-enabled', async () => {
    const { store, toasts, names } = setup({ sms_code: [new ApiError(429, 'too_many_requests', 'Слишком много запросов')] });
    store.dispatch(orderSubmitted({ store: shop() }));
    await settle();
    expect(console.error).toHaveBeenCalledWith('sms_code', expect.any(ApiError));
    expect(toasts().at(-1)).toBe('Слишком много запросов, попробуйте позже');
    expect(store.getState().order.status).toBe('idle');
    expect(store.getState().order.sms).toBeNull();
    expect(names()).toEqual(['sms_code']);
  });

  it('a failed resend stays in the popup, a good one restarts the timer', async () => {
    const { store } = setup({ sms_code: [{ sms_code: 'sent' }, new ApiError(429, 'too_many_requests', 'Подождите'), { sms_code: 'sent' }] });
    store.dispatch(orderSubmitted({ store: shop() }));
    await settle();
    const first = store.getState().order.sms!.sentAt;
    store.dispatch(smsCodeResend());
    await settle();
    expect(store.getState().order.sms?.error).toBe('Слишком много запросов, попробуйте позже');
    await new Promise((r) => setTimeout(r, 5));
    store.dispatch(smsCodeResend());
    await settle();
    expect(store.getState().order.sms?.error).toBeNull();
    expect(store.getState().order.sms!.sentAt).toBeGreaterThan(first);
  });

  it('a stale session the server refuses (phone_check_required) leads to the check and the same order again', async () => {
    for (const [k, v] of Object.entries(SESSION)) localStorage.setItem(k, v);
    localStorage.setItem('phoneNumber', '79991234567');
    const { store, calls, names } = setup({
      orders: [new ApiError(400, 'phone_check_required', 'Подтвердите номер телефона кодом из SMS', ['client_phone']), { orders: [10] }],
      sms_code: [{ sms_code: 'sent' }],
      login: [{ ...SESSION, token: 'fresh' }],
    });
    store.dispatch(orderSubmitted({ store: shop() }));
    await settle();
    expect(names()).toEqual(['orders', 'sms_code']);
    store.dispatch(smsCodeEntered('1234'));
    await settle();
    const orders = calls.filter((c) => c.api === 'orders');
    expect(orders).toHaveLength(2);
    expect(orders[1].params.idempotency_key).toBe(orders[0].params.idempotency_key);
    expect(orders[1].auth).toBe('fresh');
    expect(store.getState().order.result).toMatchObject({ kind: 'success', orderId: 10 });
  });
});
