import type { Params } from '../../../dataProvider/apiClient';
import type { CartLine, Place, StoreSettings } from '../../lib/types';
import { fieldByName, formParam } from '../../../schemas/field';
import { orderFormSchema } from '../../../schemas/order';
import { placeSchema } from '../../../schemas/place';
import { hoursToday as hoursOfToday, localTime, safeTimeZone, type LocalTime } from '../../../schemas/rules/hours';
import { deliveryCostFor, isRequired as requiredIn } from '../../../schemas/rules/order';
import { formatIosPhone, phoneDigits } from '../../../schemas/rules/phone';

/**
 * The order form's own logic (seed, sections 3-5): the store's payment and receiving choices, what the
 * form shows, the api=orders parameters and the checkout attempt's key. Whether the order may be placed
 * is the server's rule (schemas/rules/checkout.ts), asked with the form's facts (checkoutFacts.ts).
 */

export { PAYMENT_WAYS, emptyForm, urlDataOf, type OrderFormValues, type PaymentWay, type ReceivingWay } from './orderForm';
import { PAYMENT_WAYS, type OrderFormValues, type PaymentWay, type ReceivingWay } from './orderForm';

// ---------- phone ----------

export { formatIosPhone, formatPhone, nationalDigits, phoneComplete } from '../../../schemas/rules/phone';

/** What is sent as client_phone: '+7 (999) 123-45-67' (on iOS the input lacks the '+7 ', which is prefixed). */
export const phoneToSend = (value: string, ios: boolean): string => (ios ? (value ? `+7 ${formatIosPhone(value)}` : '') : value.trim());

// ---------- the store's choices ----------

const on = (v: unknown) => v === '1' || v === 1 || v === true;

/**
 * The payment ways the store takes (pay_cash, pay_card; online only when the server says card payment on
 * the site works now: `online_payment`, pay_online with the acquirer set up); cash when it names none.
 */
export function paymentWaysOf(store: StoreSettings | null): PaymentWay[] {
  const ways = PAYMENT_WAYS.filter((w) => on(w === 'online' ? store?.online_payment : store?.[`pay_${w}`]));
  return ways.length ? ways : ['cash'];
}

/** Delivery and/or pickup (controls.is_delivery, controls.is_pickup); delivery when the store names neither. */
export function receivingWaysOf(store: StoreSettings | null): ReceivingWay[] {
  const ways: ReceivingWay[] = [];
  if (store?.controls?.is_delivery !== '0') ways.push('delivery');
  if (store?.controls?.is_pickup === '1') ways.push('pickup');
  return ways.length ? ways : ['delivery'];
}

/** The choices the form shows: a single way is taken; delivery is the default receiving way (seed). */
export function effectiveChoices(form: OrderFormValues, store: StoreSettings | null): { payment: PaymentWay | ''; receiving: ReceivingWay } {
  const pays = paymentWaysOf(store);
  const recs = receivingWaysOf(store);
  const payment = form.client_payment && pays.includes(form.client_payment) ? form.client_payment : pays.length === 1 ? pays[0] : '';
  const receiving = form.client_receiving && recs.includes(form.client_receiving) ? form.client_receiving : recs[0];
  return { payment, receiving };
}

/** The change field shows with cash, when the store's change control is on or the store requires the change. */
export const changeShown = (store: StoreSettings | null, payment: PaymentWay | '') => payment === 'cash' && (store?.controls?.change === '1' || isRequired(store, 'client_change'));

/** The store picks addresses on the map (controls.map, default on). */
export const usesMap = (store: StoreSettings | null) => store?.controls?.map !== '0';

// ---------- what the form shows ----------

/** The store's required flags (required_fields), the seed's defaults where it says nothing (schemas/rules). */
export const isRequired = (store: StoreSettings | null, name: string): boolean => requiredIn(store?.required_fields as Record<string, unknown> | undefined, name);

export { WEEK_DAYS, type WeekDay } from '../../../schemas/place';
export type { LocalTime };

/** Now in the store's time zone (Moscow when unset or unknown). */
export const localNow = (timeZone: string | null | undefined, at: Date = new Date()): LocalTime => localTime(at, safeTimeZone(timeZone));

// ---------- sending ----------

const DELIVERY_PARAM = formParam(fieldByName(orderFormSchema, 'delivery'));
const PLACE_PARAM = formParam(fieldByName(placeSchema, 'id'));

export interface OrderRequest {
  form: OrderFormValues;
  store: StoreSettings | null;
  lines: readonly CartLine[];
  point: { address: string; coords: [number, number] } | null;
  promoCode: string;
  urlData: Record<string, string>;
  deviceId: string;
  ios: boolean;
}

/** The api=orders parameters (without the idempotency key): the seed's keys, only the fields that apply. */
export function orderParams(r: OrderRequest): Params {
  const { payment, receiving } = effectiveChoices(r.form, r.store);
  const f = r.form;
  const params: Params = {};
  for (const l of r.lines) if (l.quantity > 0) params[`item[${l.id}]`] = String(l.quantity);
  const phone = phoneToSend(f.client_phone, r.ios);
  if (f.client_name.trim()) params.client_name = f.client_name.trim();
  if (phone) {
    params.client_phone = phone;
    params.phoneNumber = phoneDigits(phone);
  }
  if (payment) params.client_payment = payment;
  params.client_receiving = receiving;
  params[DELIVERY_PARAM] = receiving === 'delivery' ? '1' : '0';
  if (receiving === 'delivery') {
    if (usesMap(r.store)) {
      if (r.point) {
        params.client_address = r.point.address;
        params.client_coords = `${r.point.coords[0]},${r.point.coords[1]}`;
      }
    } else if (f.client_address.trim()) params.client_address = f.client_address.trim();
    if (f.client_house.trim()) params.client_house = f.client_house.trim();
    if (f.client_entrance.trim()) params.client_entrance = f.client_entrance.trim();
    if (f.client_appart.trim()) params.client_appart = f.client_appart.trim();
    if (f.client_flat.trim()) params.client_flat = f.client_flat.trim();
  } else if (f.place_id) params[PLACE_PARAM] = f.place_id;
  // The change is sent only with cash.
  if (payment === 'cash' && changeShown(r.store, payment) && f.client_change.trim()) params.client_change = f.client_change.trim();
  if (f.client_comment.trim()) params.client_comment = f.client_comment.trim();
  if (r.promoCode) params.client_promocode = r.promoCode;
  for (const [k, v] of Object.entries(r.urlData)) if (/^utm_[a-z_]{1,30}$/.test(k)) params[k] = v;
  const extra = Object.fromEntries(Object.entries(r.urlData).filter(([k]) => !k.startsWith('utm_')));
  if (Object.keys(extra).length) params.urlData = JSON.stringify(extra);
  params.device_id = r.deviceId;
  return params;
}

/** One key per checkout attempt: the same order sent again (a retry) keeps its key; a changed order gets a new one. */
export interface Attempt {
  key: string;
  fingerprint: string;
}
export const fingerprintOf = (params: Params): string =>
  JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  );
export function attemptFor(params: Params, previous: Attempt | null, newKey: () => string): Attempt {
  const fingerprint = fingerprintOf(params);
  return previous && previous.fingerprint === fingerprint ? previous : { key: newKey(), fingerprint };
}
export function randomKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return 'checkout-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The delivery cost shown: the server's rule (schemas/rules/order.ts). */
export const deliveryCostOf = (store: StoreSettings | null, goodsTotal: number, receiving: ReceivingWay): number => deliveryCostFor(store, goodsTotal, receiving);

/** A place's hours today for the pickup list ('10:00–22:00'), null on its day off. */
export const hoursToday = (place: Place, now: Pick<LocalTime, 'day'>): string | null => hoursOfToday(place.week, now);
