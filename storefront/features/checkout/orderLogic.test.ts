import { describe, expect, it } from 'vitest';
import type { Place, StoreSettings } from '../../lib/types';
import { checkOrder } from '../../../schemas/rules/checkout';
import { checkoutFacts, type CheckoutState } from './checkoutFacts';
import { attemptFor, changeShown, emptyForm, localNow, orderParams, paymentWaysOf, phoneToSend, receivingWaysOf, urlDataOf, type OrderFormValues } from './orderLogic';

const store = (over: Partial<StoreSettings> = {}): StoreSettings => ({
  id: 1,
  userId: 1,
  name: 'Демо',
  pay_cash: '1',
  pay_card: '1',
  pay_online: '0',
  controls: { is_delivery: '1', is_pickup: '1', change: '1', map: '1' },
  required_fields: { client_name: '1', client_phone: '1', client_payment: '1', client_receiving: '1', client_address: '1', client_change: '0', client_numbers: '0', client_comment: '0' },
  ...over,
});
const form = (over: Partial<OrderFormValues> = {}): OrderFormValues => ({ ...emptyForm(), ...over });
const week = (from: string, to: string, weekend: string[] = []) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { from, to, isWeekend: weekend.includes(d) }]));
const place = (id: number, w = week('10:00', '22:00'), coords: [number, number][] | null = null): Place => ({ id, name: `Место ${id}`, week: w, coords });

describe('the phone', () => {
  it('has the iOS variant (###) ###-##-## sent with +7 in front', () => {
    expect(phoneToSend('(999) 123-45-67', true)).toBe('+7 (999) 123-45-67');
    expect(phoneToSend(' +7 (999) 123-45-67 ', false)).toBe('+7 (999) 123-45-67');
  });
});

describe('the store’s choices', () => {
  it('offers only the payment and receiving ways the store allows', () => {
    expect(paymentWaysOf(store())).toEqual(['cash', 'card']);
    expect(paymentWaysOf(store({ pay_cash: '0', pay_card: '0', pay_online: '1', online_payment: '1' }))).toEqual(['online']);
    // pay_online alone is not enough: the server says whether the acquirer is set up (online_payment).
    expect(paymentWaysOf(store({ pay_online: '1', online_payment: '0' }))).toEqual(['cash', 'card']);
    expect(receivingWaysOf(store())).toEqual(['delivery', 'pickup']);
    expect(receivingWaysOf(store({ controls: { is_delivery: '0', is_pickup: '1' } }))).toEqual(['pickup']);
  });
});

describe('the checkout’s facts (what the rule decides on)', () => {
  const point = { address: 'Каменноостровский пр., 20', coords: [59.962, 30.311] as [number, number] };
  const zone: [number, number][] = [
    [59.9, 30.2],
    [59.9, 30.4],
    [60.0, 30.4],
    [60.0, 30.2],
  ];
  const state = (over: Partial<CheckoutState> = {}): CheckoutState => ({
    form: form({ client_name: 'Анна', client_phone: '+7 (999) 123-45-67', client_payment: 'cash' }),
    store: store({ min_sum: 500 }),
    lines: [{ id: '1', categoryId: '11', name: 'A', price: 300, quantity: 2 }],
    point,
    places: [place(1, week('10:00', '22:00'), zone), place(2, week('08:00', '12:00'))],
    promo: { code: '', status: 'wait', kind: 'percent', discount: 0, amount: 0, condition: 0, reason: null, checking: false },
    now: { day: 'monday', minutes: 12 * 60 },
    ios: false,
    phoneVerified: false,
    ...over,
  });

  it('are the form as sent: the map’s point and address, the places’ zones, the lines the shop flagged', () => {
    const f = checkoutFacts(state());
    expect(f).toMatchObject({ receiving: 'delivery', receivingChosen: true, payment: 'cash', point: [59.962, 30.311], placeId: null, promo: null });
    expect(f.fields).toMatchObject({ client_name: 'Анна', client_phone: '+7 (999) 123-45-67', client_address: 'Каменноостровский пр., 20', client_change: '' });
    expect(f.places.map((p) => p.zone.length)).toEqual([4, 0]);
    expect(f.shop).toMatchObject({ minSum: 500, usesMap: true, onlinePayment: false, smsCheck: false, stopPurchase: false });
    expect(checkOrder(f)).toBeNull();
    expect(checkOrder(checkoutFacts(state({ lines: [{ id: '1', categoryId: '11', name: 'A', price: 300, quantity: 2, isDisabledItem: true }] })))).toMatchObject({ code: 'unavailable_items', fields: ['1'] });
  });

  it('count a proved promo code with its minimum sum, and leave out one that was refused', () => {
    const proved = { code: 'SALE20', status: 'proved' as const, kind: 'percent' as const, discount: 20, amount: 0, condition: 0, reason: null, checking: false };
    expect(checkOrder(checkoutFacts(state({ promo: proved })))).toMatchObject({ code: 'min_sum', params: { sum: '500' } });
    expect(checkoutFacts(state({ promo: { ...proved, status: 'error', discount: 0, reason: 'used' } })).promo).toBeNull();
  });

  it('for pickup name the place chosen and no point; the pickup place is wanted among several', () => {
    const f = checkoutFacts(state({ form: form({ client_name: 'Анна', client_phone: '+7 (999) 123-45-67', client_payment: 'card', client_receiving: 'pickup' }) }));
    expect(f).toMatchObject({ receiving: 'pickup', point: null, placeId: null });
    expect(checkOrder(f)).toMatchObject({ code: 'required_fields_error', fields: ['place_id'] });
  });

  it('show the change with cash when the store asks for it or requires it', () => {
    expect(changeShown(store({ controls: { change: '0' } }), 'cash')).toBe(false);
    expect(changeShown(store({ controls: { change: '1' } }), 'cash')).toBe(true);
    expect(changeShown(store({ controls: { change: '0' }, required_fields: { client_change: '1' } }), 'cash')).toBe(true);
    expect(changeShown(store({ controls: { change: '1' } }), 'card')).toBe(false);
  });

  it('read the time in the store’s time zone', () => {
    const at = new Date('2026-01-05T20:30:00Z'); // a Monday: 23:30 in Moscow
    expect(localNow('Europe/Moscow', at)).toMatchObject({ day: 'monday', minutes: 23 * 60 + 30 });
    expect(localNow('Nowhere/Unknown', at)).toMatchObject({ day: 'monday', minutes: 23 * 60 + 30 });
  });
});

describe('the order call', () => {
  const point = { address: 'Каменноостровский пр., 20', coords: [59.962, 30.311] as [number, number] };
  const lines = [
    { id: '1001', categoryId: '11', name: 'A', price: 100, quantity: 2 },
    { id: '1002', categoryId: '11', name: 'B', price: 200, quantity: 1 },
  ];
  it('sends the seed’s keys: items, coords, p[751_delivery], change only with cash, promo, utm, device', () => {
    const p = orderParams({
      form: form({ client_name: ' Анна ', client_phone: '+7 (999) 123-45-67', client_payment: 'cash', client_receiving: 'delivery', client_change: '5000', client_house: '20', client_appart: '7', client_flat: '12', place_id: '2' }),
      store: store(),
      lines,
      point,
      promoCode: 'SALE20',
      urlData: { utm_source: 'newsletter', gclid: 'x1' },
      deviceId: 'web-device-1',
      ios: false,
    });
    expect(p).toEqual({
      'item[1001]': '2',
      'item[1002]': '1',
      client_name: 'Анна',
      client_phone: '+7 (999) 123-45-67',
      phoneNumber: '79991234567',
      client_payment: 'cash',
      client_receiving: 'delivery',
      'p[751_delivery]': '1',
      client_address: 'Каменноостровский пр., 20',
      client_coords: '59.962,30.311',
      client_house: '20',
      client_appart: '7',
      client_flat: '12',
      client_change: '5000',
      client_promocode: 'SALE20',
      utm_source: 'newsletter',
      urlData: '{"gclid":"x1"}',
      device_id: 'web-device-1',
    });
    const pickup = orderParams({ form: form({ client_payment: 'card', client_receiving: 'pickup', client_change: '5000', client_house: '20', client_flat: '12', place_id: '2' }), store: store(), lines, point, promoCode: '', urlData: {}, deviceId: 'web-device-1', ios: false });
    expect(pickup).toMatchObject({ client_receiving: 'pickup', 'p[751_delivery]': '0', 'p[674_place_id]': '2' });
    expect(pickup).not.toHaveProperty('client_change');
    expect(pickup).not.toHaveProperty('client_coords');
    expect(pickup).not.toHaveProperty('client_house');
    expect(pickup).not.toHaveProperty('client_flat');
  });

  it('keeps one idempotency key per attempt: the same order again reuses it, a changed order gets a new one', () => {
    let n = 0;
    const next = () => `key-${++n}`;
    const first = attemptFor({ 'item[1]': '1' }, null, next);
    expect(first.key).toBe('key-1');
    expect(attemptFor({ 'item[1]': '1' }, first, next)).toBe(first);
    expect(attemptFor({ 'item[1]': '2' }, first, next).key).toBe('key-2');
  });

  it('keeps the landing URL’s utm and marketing parameters', () => {
    expect(urlDataOf('?utm_source=vk&utm_campaign=spring&page=2&gclid=abc')).toEqual({ utm_source: 'vk', utm_campaign: 'spring', gclid: 'abc' });
    expect(urlDataOf('')).toEqual({});
  });
});
