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
import { browser } from './checkoutSaga';
import { orderFieldChanged, orderPopupClosed, orderSubmitted, placesLoaded } from './orderSlice';
import type { OrderFormValues } from './orderLogic';
import { memoryStorage } from '../../test/memoryStorage';
import { fakeApi, type FakeReply } from '../../test/fakeApi';

/** The checkout flow on a real store with a fake api client (the saga's blocking loop, checks, key, result). */

const shop = (over: Partial<StoreSettings> = {}): StoreSettings => ({
  id: 1,
  userId: 1,
  name: 'Демо',
  min_sum: 500,
  pay_cash: '1',
  pay_card: '1',
  pay_online: '1',
  online_payment: '1',
  pickup_popup: 'Заберите заказ',
  timezone: 'Europe/Moscow',
  controls: { is_delivery: '1', is_pickup: '1', change: '1', map: '1' },
  required_fields: { client_name: '1', client_phone: '1', client_payment: '1', client_receiving: '1', client_address: '1' },
  ...over,
});
const line = (id: string, price: number, quantity = 1): CartLine => ({ id, categoryId: '11', name: `Товар ${id}`, price, quantity });

function setup(replies: Record<string, FakeReply[]>) {
  const { api, calls } = fakeApi(replies);
  const store = createAppStore({ api, listRetry: { retries: 0, delayMs: 1 } });
  const toasts = () => store.getState().shell.toasts.map((t) => t.text);
  const fill = (values: Partial<OrderFormValues>) => {
    for (const [name, value] of Object.entries(values)) store.dispatch(orderFieldChanged({ name: name as keyof OrderFormValues, value: value as string }));
  };
  /** Presses the order button and lets the sagas run. */
  const submit = async () => {
    store.dispatch(orderSubmitted({ store: shop() }));
    await settle();
  };
  return { store, calls, toasts, fill, submit };
}

const settle = () => new Promise((r) => setTimeout(r, 30));
const pickup: Partial<OrderFormValues> = { client_name: 'Анна', client_phone: '+7 (999) 123-45-67', client_payment: 'cash', client_receiving: 'pickup', place_id: '1' };

describe('order saga', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    // GET /rest/places (the checkout loads the places' zones and hours): none unless a test loads some.
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]')));
    setTexts('ru', deepMerge(deepMerge(commonRu, ru), ruPages));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('runs the checks in the seed’s order: the zone before the minimum sum before the required fields', async () => {
    localStorage.setItem('deliveryPoint', JSON.stringify({ address: 'Москва', coords: [55.75, 37.61] }));
    const { store, calls, toasts, fill, submit } = setup({});
    const zone: [number, number][] = [
      [59.9, 30.2],
      [59.9, 30.4],
      [60.0, 30.4],
      [60.0, 30.2],
    ];
    store.dispatch(placesLoaded([{ id: 1, name: 'Место', coords: zone }]));
    store.dispatch(cartReplaced([line('1', 300)]));
    await submit();
    // The zone is the places' (GET /rest/places), decided by the rule the server uses: nothing is asked.
    expect(calls).toEqual([]);
    expect(toasts()).toEqual(['Извините, указанный адрес вне зоны доставки']);

    store.dispatch(placesLoaded([{ id: 1, name: 'Место', coords: [] }]));
    await submit();
    expect(toasts().at(-1)).toBe('Минимальная сумма заказа 500 р.');

    store.dispatch(cartReplaced([line('1', 600)]));
    await submit();
    expect(toasts().at(-1)).toBe('Заполните обязательные поля: Имя, Телефон, Способ оплаты');
    expect(store.getState().order.missing).toEqual(['client_name', 'client_phone', 'client_payment']);
    fill({ client_name: 'Анна' });
    expect(store.getState().order.missing).toEqual(['client_phone', 'client_payment']);
    expect(calls.filter((c) => c.api === 'orders')).toHaveLength(0);
  });

  it('marks each refused field with its reason and asks for the focus once per press, never while typing', async () => {
    const { store, fill } = setup({});
    store.dispatch(cartReplaced([line('1', 600)]));
    store.dispatch(orderSubmitted({ store: shop({ controls: { is_delivery: '1', is_pickup: '1', map: '0' } }) }));
    await settle();
    const order = () => store.getState().order;
    expect(order().missing).toEqual(['client_name', 'client_phone', 'client_payment', 'client_address']);
    expect(order().fieldErrors).toEqual({ client_name: 'checkout.field_required', client_phone: 'checkout.field_required', client_payment: 'checkout.field_required', client_address: 'checkout.field_required' });
    expect(order().focusSeq).toBe(1);
    // Typing fixes a field's mark; the focus request stays where it was.
    for (const value of ['+7 (9', '+7 (92', '+7 (921']) fill({ client_phone: value });
    fill({ client_name: 'Анна' });
    expect(order().missing).toEqual(['client_payment', 'client_address']);
    expect(order().focusSeq).toBe(1);
    // An incomplete phone is refused beside the phone, with its own text.
    fill({ client_payment: 'cash', client_address: 'Садовая, 1' });
    store.dispatch(orderSubmitted({ store: shop({ controls: { is_delivery: '1', is_pickup: '1', map: '0' } }) }));
    await settle();
    expect(order().fieldErrors).toEqual({ client_phone: 'errors.invalid_phone' });
    expect(order().focusSeq).toBe(2);
  });

  it('stops on unavailable lines and outside the places’ hours', async () => {
    const { store, toasts, fill, submit } = setup({});
    fill(pickup);
    store.dispatch(cartReplaced([{ ...line('1', 900), isDisabledItem: true }]));
    await submit();
    expect(toasts()).toEqual(['В корзине есть товары недоступные к заказу']);
    expect(store.getState().cart.unavailablePopup).toBe(true);

    store.dispatch(cartReplaced([line('1', 900)]));
    const closed = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { from: '10:00', to: '22:00', isWeekend: true }]));
    store.dispatch(placesLoaded([{ id: 1, name: 'Место', week: closed }]));
    await submit();
    // Every day off: the seed's default hours are named.
    expect(toasts().at(-1)).toBe('Извините, доставка работает с 00:00 до 23:59');
  });

  it('places the order once per attempt key: a failure keeps the key, success empties the cart and shows the pickup text', async () => {
    const { store, calls, fill, submit } = setup({ orders: [new ApiError(500, 'server_error', 'boom'), { orders: [42] }, { orders: [43] }] });
    fill(pickup);
    store.dispatch(cartReplaced([line('1', 900, 2)]));
    await submit();
    expect(store.getState().order.result).toEqual({ kind: 'error' });
    store.dispatch(orderPopupClosed());
    await submit();
    const sent = calls.filter((c) => c.api === 'orders').map((c) => c.params);
    expect(sent).toHaveLength(2);
    expect(sent[0].idempotency_key).toBe(sent[1].idempotency_key);
    expect(sent[0]).toMatchObject({ 'item[1]': '2', client_receiving: 'pickup', 'p[674_place_id]': '1', client_payment: 'cash' });
    expect(store.getState().order.result).toEqual({ kind: 'success', orderId: 42, text: 'Заберите заказ' });
    expect(store.getState().cart.items).toEqual([]);
    expect(localStorage.getItem('orderAttempt')).toBeNull();
    expect(localStorage.getItem('orderId')).toBe('42');
    // A pickup order starts no delivery countdown.
    expect(store.getState().map.timer.until).toBeNull();
    // The next order (same lines) is a new attempt with a new key.
    store.dispatch(cartReplaced([line('1', 900, 2)]));
    fill({ client_payment: 'cash', client_receiving: 'pickup', place_id: '1' });
    await submit();
    const third = calls.filter((c) => c.api === 'orders').map((c) => c.params)[2];
    expect(third.idempotency_key).not.toBe(sent[0].idempotency_key);
  });

  it('a delivery order starts the shell’s delivery countdown at the shop’s delivery time', async () => {
    localStorage.setItem('deliveryPoint', JSON.stringify({ address: 'Каменноостровский пр., 20', coords: [59.962, 30.311] }));
    const { store, calls, fill } = setup({ geo_check: [{ geo: '1' }], orders: [{ orders: [7] }] });
    fill({ client_name: 'Анна', client_phone: '+7 (999) 123-45-67', client_payment: 'cash', client_receiving: 'delivery' });
    store.dispatch(cartReplaced([line('1', 900)]));
    const before = Date.now();
    store.dispatch(orderSubmitted({ store: shop({ delivery_duration: 45 }) }));
    await settle();
    expect(calls.find((c) => c.api === 'orders')?.params).toMatchObject({ client_receiving: 'delivery', client_coords: '59.962,30.311' });
    expect(store.getState().order.result).toMatchObject({ kind: 'success', orderId: 7 });
    const until = store.getState().map.timer.until!;
    expect(until - before).toBeGreaterThanOrEqual(45 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(45 * 60_000);
  });

  it('maps the server’s refusals to the seed’s texts', async () => {
    const { store, toasts, fill, submit } = setup({
      orders: [
        new ApiError(400, 'required_fields_error', 'Заполните обязательные поля: client_comment', [{ field: 'client_comment', label: 'x', code: 'required' }]),
        new ApiError(400, 'unavailable_items', 'В корзине есть товары недоступные к заказу', ['1']),
        new ApiError(400, 'promo_error', 'Промокод использован', ['client_promocode'], { reason: 'used', sum: '0' }),
      ],
    });
    fill(pickup);
    store.dispatch(cartReplaced([line('1', 900), line('2', 900)]));
    await submit();
    expect(toasts().at(-1)).toBe('Заполните обязательные поля: Комментарий к заказу');
    await submit();
    expect(toasts().at(-1)).toBe('В корзине есть товары недоступные к заказу');
    expect(store.getState().cart.items.map((l) => !!l.isDisabledItem)).toEqual([true, false]);
    store.dispatch(cartReplaced([line('2', 900)]));
    await submit();
    expect(toasts().at(-1)).toBe('Промокод использован');
    expect(store.getState().order.result).toBeNull();
  });

  it('reads a refusal’s numbers from its params, never from its text', async () => {
    const { store, toasts, fill, submit } = setup({
      orders: [
        new ApiError(400, 'min_sum', 'text the client must not parse 1', [], { sum: '700' }),
        new ApiError(400, 'out_of_hours', 'text 01:02 03:04', [], { from: '10:00', to: '22:00' }),
        new ApiError(400, 'promo_error', 'text', ['client_promocode'], { reason: 'min_sum', sum: '1000' }),
      ],
    });
    fill(pickup);
    store.dispatch(cartReplaced([line('1', 900)]));
    await submit();
    expect(toasts().at(-1)).toBe('Минимальная сумма заказа 700 р.');
    await submit();
    expect(toasts().at(-1)).toBe('Извините, доставка работает с 10:00 до 22:00');
    await submit();
    expect(toasts().at(-1)).toBe('Промокод действует для заказа от 1000 р.');
  });

  it('an online payment asks api=sber and goes to its form; a payment error gives the failure popup', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    vi.spyOn(browser, 'origin').mockReturnValue('http://shop.test');
    const { store, calls, fill, submit } = setup({ orders: [{ orders: [7] }, { orders: [8] }], sber: [{ formUrl: 'http://acq.test/pay?mdOrder=1' }, { formUrl: null, errorMessage: 'Доступ запрещён' }] });
    fill({ ...pickup, client_payment: 'online' });
    store.dispatch(cartReplaced([line('1', 900)]));
    await submit();
    expect(calls.find((c) => c.api === 'sber')?.params).toMatchObject({ orderId: '7', localhost: 'http://shop.test' });
    expect(calls.find((c) => c.api === 'sber')?.params.device_id).toMatch(/^web-/);
    expect(assign).toHaveBeenCalledWith('http://acq.test/pay?mdOrder=1');
    // The cart stays until the payment is confirmed (/success_payment clears it).
    expect(store.getState().cart.items).toHaveLength(1);

    store.dispatch(cartReplaced([line('1', 900, 3)]));
    await submit();
    expect(store.getState().order.result).toEqual({ kind: 'error' });
    assign.mockRestore();
  });
});
