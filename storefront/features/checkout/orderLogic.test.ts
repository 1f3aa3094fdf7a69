import { describe, expect, it } from 'vitest';
import type { Place, StoreSettings } from '../../lib/types';
import {
  attemptFor,
  checkHours,
  emptyForm,
  formatIosPhone,
  formatPhone,
  pointInPolygon,
  localNow,
  missingFields,
  nationalDigits,
  orderParams,
  paymentWaysOf,
  phoneComplete,
  phoneToSend,
  placesForHours,
  receivingWaysOf,
  smsPhoneDigits,
  urlDataOf,
  type OrderFormValues,
} from './orderLogic';

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
  it('builds the mask +7 (999) 099-99-99 as digits are typed, and can be deleted back', () => {
    expect(formatPhone('9')).toBe('+7 (9');
    expect(formatPhone('+7 (999')).toBe('+7 (999');
    expect(formatPhone('+7 (9991')).toBe('+7 (999) 1');
    expect(formatPhone('+7 (999) 123456')).toBe('+7 (999) 123-45-6');
    expect(formatPhone('+7 (999) 123-45-678')).toBe('+7 (999) 123-45-67');
    expect(formatPhone('+7 (999) 123-45-6789')).toBe('+7 (999) 123-45-67');
    expect(formatPhone('+7 (')).toBe('+7');
    expect(formatPhone('+')).toBe('');
  });

  it('reads pasted numbers with 8, 7 or +7 and the trunk 8 typed after +7', () => {
    expect(formatPhone('89991234567')).toBe('+7 (999) 123-45-67');
    expect(formatPhone('+7 999 123 45 67')).toBe('+7 (999) 123-45-67');
    expect(formatPhone('8 (812) 555-01-23')).toBe('+7 (812) 555-01-23');
    expect(nationalDigits('+7 (899) 912-34-567')).toBe('9991234567');
  });

  it('has the iOS variant (###) ###-##-## sent with +7 in front', () => {
    expect(formatIosPhone('9991234567')).toBe('(999) 123-45-67');
    expect(formatIosPhone('89991234567')).toBe('(999) 123-45-67');
    expect(phoneToSend('(999) 123-45-67', true)).toBe('+7 (999) 123-45-67');
    expect(phoneComplete('(999) 123-45-6', true)).toBe(false);
    expect(phoneComplete('+7 (999) 123-45-67', false)).toBe(true);
  });

  it('for the SMS check keeps digits and turns a leading 8 of 11 digits into 7', () => {
    expect(smsPhoneDigits('8 (999) 123-45-67')).toBe('79991234567');
    expect(smsPhoneDigits('+7 (999) 123-45-67')).toBe('79991234567');
    expect(smsPhoneDigits('8123')).toBe('8123');
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

describe('check 5: required fields', () => {
  const point = { address: 'Каменноостровский пр., 20', coords: [59.962, 30.311] as [number, number] };
  it('lists the empty required fields in the form’s order; address only for delivery', () => {
    expect(missingFields({ form: form(), store: store(), point: null, places: [], ios: false })).toEqual(['client_name', 'client_phone', 'client_payment', 'client_address']);
    expect(missingFields({ form: form({ client_name: ' ', client_receiving: 'pickup' }), store: store(), point: null, places: [place(1)], ios: false })).toEqual(['client_name', 'client_phone', 'client_payment']);
    expect(missingFields({ form: form({ client_name: 'Анна', client_phone: '+7 (999) 123-45-67', client_payment: 'cash' }), store: store(), point, places: [], ios: false })).toEqual([]);
  });

  it('follows the store’s flags: house/entrance/floor all three, change with cash, comment, the pickup place among several', () => {
    const strict = store({ required_fields: { client_name: '0', client_phone: '0', client_numbers: '1', client_change: '1', client_comment: '1', client_address: '1' } });
    const f = form({ client_payment: 'cash', client_house: '5', client_entrance: '2' });
    expect(missingFields({ form: f, store: strict, point, places: [], ios: false })).toEqual(['client_numbers', 'client_change', 'client_comment']);
    expect(missingFields({ form: form({ client_payment: 'card', client_receiving: 'pickup' }), store: strict, point: null, places: [place(1), place(2)], ios: false })).toEqual(['place_id', 'client_comment']);
  });
});

describe('check 3: delivery hours', () => {
  it('is open inside the hours and names today’s hours, or the next working day’s', () => {
    expect(checkHours([place(1)], { day: 'monday', minutes: 12 * 60 })).toEqual({ open: true, from: '10:00', to: '22:00' });
    expect(checkHours([place(1)], { day: 'monday', minutes: 9 * 60 })).toEqual({ open: false, from: '10:00', to: '22:00' });
    expect(checkHours([place(1, week('11:00', '20:00', ['tuesday']))], { day: 'monday', minutes: 21 * 60 })).toEqual({ open: false, from: '11:00', to: '20:00' });
    expect(checkHours([place(1, week('00:00', '23:59'))], { day: 'sunday', minutes: 23 * 60 + 59 }).open).toBe(true);
    expect(checkHours([], { day: 'sunday', minutes: 3 }).open).toBe(true);
  });

  it('reads the time in the store’s time zone', () => {
    const at = new Date('2026-01-05T20:30:00Z'); // a Monday: 23:30 in Moscow
    expect(localNow('Europe/Moscow', at)).toMatchObject({ day: 'monday', minutes: 23 * 60 + 30 });
    expect(localNow('Nowhere/Unknown', at)).toMatchObject({ day: 'monday', minutes: 23 * 60 + 30 });
  });

  it('counts the pickup place, or the places whose zone holds the delivery point', () => {
    const zone: [number, number][] = [
      [59.9, 30.2],
      [59.9, 30.4],
      [60.0, 30.4],
      [60.0, 30.2],
    ];
    expect(pointInPolygon([59.95, 30.3], zone)).toBe(true);
    expect(pointInPolygon([55.75, 37.6], zone)).toBe(false);
    const a = place(1, week('10:00', '22:00'), zone);
    const b = place(2, week('08:00', '12:00'));
    expect(placesForHours([a, b], 'pickup', '2', null)).toEqual([b]);
    expect(placesForHours([a, b], 'delivery', '', [59.95, 30.3])).toEqual([a]);
    expect(placesForHours([a, b], 'delivery', '', [55.75, 37.6])).toEqual([a, b]);
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
      form: form({ client_name: ' Анна ', client_phone: '+7 (999) 123-45-67', client_payment: 'cash', client_receiving: 'delivery', client_change: '5000', client_house: '20', place_id: '2' }),
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
      client_change: '5000',
      client_promocode: 'SALE20',
      utm_source: 'newsletter',
      urlData: '{"gclid":"x1"}',
      device_id: 'web-device-1',
    });
    const pickup = orderParams({ form: form({ client_payment: 'card', client_receiving: 'pickup', client_change: '5000', client_house: '20', place_id: '2' }), store: store(), lines, point, promoCode: '', urlData: {}, deviceId: 'web-device-1', ios: false });
    expect(pickup).toMatchObject({ client_receiving: 'pickup', 'p[751_delivery]': '0', 'p[674_place_id]': '2' });
    expect(pickup).not.toHaveProperty('client_change');
    expect(pickup).not.toHaveProperty('client_coords');
    expect(pickup).not.toHaveProperty('client_house');
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
