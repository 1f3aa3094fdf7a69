import type { Params } from '../../../dataProvider/apiClient';
import type { CartLine, Place, StoreSettings } from '../../lib/types';
import { fieldByName, formParam } from '../../../schemas/field';
import { orderFormSchema } from '../../../schemas/order';
import { placeSchema } from '../../../schemas/place';
import { checkHours as checkWeeks, hoursToday as hoursOfToday, localTime, safeTimeZone, type LocalTime } from '../../../schemas/rules/hours';
import { deliveryCostFor, isRequired as requiredIn } from '../../../schemas/rules/order';
import { pointInPolygon } from '../../../schemas/rules/geo';

/**
 * The order form's pure rules (seed, sections 3-5): the phone mask, the store's payment and receiving
 * choices, the five checks in their order, the api=orders parameters and the checkout attempt's key.
 * The server runs the same checks and decides; these give the customer the answer before sending.
 */

export { PAYMENT_WAYS, emptyForm, urlDataOf, type OrderFormValues, type PaymentWay, type ReceivingWay } from './orderForm';
import { PAYMENT_WAYS, type OrderFormValues, type PaymentWay, type ReceivingWay } from './orderForm';

// ---------- phone ----------

/** The national part (10 digits at most) of what was typed or pasted in the +7 phone input. */
export function nationalDigits(raw: string): string {
  let d = raw.replace(/\D/g, '');
  const trimmed = raw.trim();
  // '+7 (9…' as shown, or a pasted full number 7XXXXXXXXXX / 8XXXXXXXXXX: the first digit is the country code.
  if (trimmed.startsWith('+7') || trimmed.startsWith('+ 7') || (d.length === 11 && (d[0] === '7' || d[0] === '8'))) d = d.slice(1);
  // The trunk prefix 8 typed after the +7 ('+7 (899) 912-34-56' + '7').
  if (d.length > 10 && d[0] === '8') d = d.slice(1);
  return d.slice(0, 10);
}

/** The seed's mask '+7 (999) 099-99-99' (groups 1+3+3+2+2), built as the customer types. */
export function formatPhone(raw: string): string {
  const n = nationalDigits(raw);
  if (n) return '+7 ' + formatNational(n);
  // Only the prefix is left: '+7' while the customer deletes back through it, then empty.
  const t = raw.trim();
  return t.startsWith('+7') && t.length > 2 ? '+7' : '';
}

/** The iOS variant: the input holds '(###) ###-##-##' with '+7' shown before it. */
export function formatIosPhone(raw: string): string {
  const d = raw.replace(/\D/g, '');
  const n = (d.length === 11 && (d[0] === '7' || d[0] === '8') ? d.slice(1) : d).slice(0, 10);
  return n ? formatNational(n) : '';
}

function formatNational(n: string): string {
  let out = '(' + n.slice(0, 3);
  if (n.length > 3) out += ') ' + n.slice(3, 6);
  if (n.length > 6) out += '-' + n.slice(6, 8);
  if (n.length > 8) out += '-' + n.slice(8, 10);
  return out;
}

/** What is sent as client_phone: '+7 (999) 123-45-67' (on iOS the input lacks the '+7 ', which is prefixed). */
export const phoneToSend = (value: string, ios: boolean): string => (ios ? (value ? `+7 ${formatIosPhone(value)}` : '') : value.trim());

/** A full Russian number: ten national digits. */
export const phoneComplete = (value: string, ios: boolean): boolean => (ios ? formatIosPhone(value).replace(/\D/g, '').length === 10 : nationalDigits(value).length === 10);

/** For the SMS check (phoneNumber): digits only; 11 digits starting with 8 become 7. */
export function smsPhoneDigits(raw: string): string {
  const d = raw.replace(/\D/g, '');
  return d.length === 11 && d[0] === '8' ? '7' + d.slice(1) : d;
}

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

/** The change field shows only with cash and the store's change control. */
export const changeShown = (store: StoreSettings | null, payment: PaymentWay | '') => payment === 'cash' && store?.controls?.change === '1';

/** The store picks addresses on the map (controls.map, default on). */
export const usesMap = (store: StoreSettings | null) => store?.controls?.map !== '0';

// ---------- the checks ----------

export type RequiredField = 'client_name' | 'client_phone' | 'client_payment' | 'client_receiving' | 'client_address' | 'client_numbers' | 'client_change' | 'client_comment' | 'place_id';

/** The store's required flags (required_fields), the seed's defaults where it says nothing (schemas/rules). */
export const isRequired = (store: StoreSettings | null, name: string): boolean => requiredIn(store?.required_fields as Record<string, unknown> | undefined, name);

const blank = (v: string | null | undefined) => !v || !v.trim();

export interface CheckInput {
  form: OrderFormValues;
  store: StoreSettings | null;
  /** The address chosen on /map. */
  point: { address: string; coords: [number, number] } | null;
  places: Place[];
  ios: boolean;
}

/**
 * Check 5: the empty required fields, in the form's order. Address and house/entrance/floor are skipped
 * for pickup; a payment way and a receiving way must be chosen; the house/entrance/floor group needs all
 * three; a pickup needs its place when the shop has several.
 */
export function missingFields({ form, store, point, places }: CheckInput): RequiredField[] {
  const { payment, receiving } = effectiveChoices(form, store);
  const out: RequiredField[] = [];
  if (isRequired(store, 'client_name') && blank(form.client_name)) out.push('client_name');
  if (isRequired(store, 'client_phone') && blank(form.client_phone)) out.push('client_phone');
  if (!payment) out.push('client_payment');
  if (!receiving) out.push('client_receiving');
  if (receiving === 'delivery') {
    const address = usesMap(store) ? point?.address : form.client_address;
    if (isRequired(store, 'client_address') && blank(address)) out.push('client_address');
    const numbers = [form.client_house, form.client_entrance, form.client_appart];
    if (isRequired(store, 'client_numbers') && numbers.some(blank)) out.push('client_numbers');
  } else if (places.length > 1 && !places.some((p) => String(p.id) === form.place_id)) out.push('place_id');
  if (payment === 'cash' && changeShown(store, payment) && isRequired(store, 'client_change') && blank(form.client_change)) out.push('client_change');
  if (isRequired(store, 'client_comment') && blank(form.client_comment)) out.push('client_comment');
  return out;
}

// ---------- delivery hours ----------

export { WEEK_DAYS, type WeekDay } from '../../../schemas/place';
export { pointInPolygon } from '../../../schemas/rules/geo';
export type { LocalTime };

/** Now in the store's time zone (Moscow when unset or unknown). */
export const localNow = (timeZone: string | null | undefined, at: Date = new Date()): LocalTime => localTime(at, safeTimeZone(timeZone));

/**
 * Check 3: whether any of these places works now, and the hours to name ('с HH:MM до HH:MM'): today's,
 * or the next working day's once today's are over (schemas/rules/hours.ts, the server's rule).
 */
export const checkHours = (places: readonly Pick<Place, 'week'>[], now: Pick<LocalTime, 'day' | 'minutes'>) => checkWeeks(places.map((p) => p.week), now);

/** The places whose hours count: the pickup place; for delivery those whose zone holds the point (else all). */
export function placesForHours(places: Place[], receiving: ReceivingWay, placeId: string, point: [number, number] | null): Place[] {
  if (receiving === 'pickup') {
    const chosen = places.find((p) => String(p.id) === placeId);
    return chosen ? [chosen] : places;
  }
  if (!point) return places;
  const serving = places.filter((p) => Array.isArray(p.coords) && p.coords.length >= 3 && pointInPolygon(point, p.coords));
  return serving.length ? serving : places;
}

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
    params.phoneNumber = smsPhoneDigits(phone);
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
