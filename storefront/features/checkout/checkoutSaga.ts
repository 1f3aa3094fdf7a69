import type { Channel } from 'redux-saga';
import { call, delay, fork, getContext, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { ApiError, type ApiClient, type Params } from '../../../dataProvider/apiClient';
import { getShopConfig } from '../../lib/config';
import { deviceId } from '../../lib/device';
import { toastShown } from '../../lib/events';
import { getLang, t } from '../../lib/i18n';
import { platform } from '../../lib/platform';
import { readJson, readString, writeJson, writeString } from '../../lib/storage';
import type { CartLine, Place, StoreSettings } from '../../lib/types';
import { saveAuth, signedIn, type LoginAnswer } from '../account/public';
import { cartCleared, cartLinesUnavailable, cartTotals, formatRoubles, minSumOf, promoChecked, selectCartItems, selectPromo, type PromoState } from '../cart/public';
import { deliveryMinutes, deliveryTimerStarted, type DeliveryPoint } from '../places/public';
import { requestPaymentForm } from '../payments/public';
import {
  attemptFor,
  checkHours,
  effectiveChoices,
  localNow,
  missingFields,
  orderParams,
  phoneComplete,
  placesForHours,
  randomKey,
  usesMap,
  type Attempt,
  type RequiredField,
} from './orderLogic';
import {
  ATTEMPT_KEY,
  ORDER_ID_KEY,
  URL_DATA_KEY,
  orderFailed,
  orderPageOpened,
  orderPlaced,
  orderSending,
  orderStopped,
  orderSubmitted,
  placesFailed,
  placesLoaded,
  placesRequested,
  selectOrder,
  smsCheckClosed,
  smsCheckEnded,
  smsCheckFailed,
  smsCheckSending,
  smsCodeEntered,
  smsCodeResend,
  smsCodeSent,
  type OrderState,
} from './orderSlice';

/** A retry of the same attempt reuses its key for this long (then a new order gets a new key). */
export const ATTEMPT_TTL_MS = 60 * 60 * 1000;
/** Sending an order: network failures are retried (same key: the server makes one order). */
const ORDER_RETRIES = 2;

/** Where the browser goes for the card payment (tests replace it). */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
  origin(): string {
    return typeof window === 'undefined' ? '' : window.location.origin;
  },
};

/** The delivery point chosen on /map (the map feature's contract: state.map.point). */
const selectPoint = (s: { map?: { point?: DeliveryPoint | null } }) => s.map?.point ?? null;

/** GET /rest/places: the pick-up places with their schedules and delivery zones. */
export async function fetchPlaces(): Promise<Place[]> {
  const base = new URL(getShopConfig().API_HOST, typeof location === 'undefined' ? 'http://localhost/' : location.href);
  const url = new URL('/rest/places', base);
  url.searchParams.set('sort', JSON.stringify(['sort', 'ASC']));
  url.searchParams.set('range', JSON.stringify([0, 99]));
  const res = await fetch(url.toString());
  if (!res.ok) throw new Error(`places ${res.status}`);
  const body = (await res.json()) as unknown;
  return Array.isArray(body) ? (body as Place[]) : [];
}

export function* loadPlaces() {
  const { places }: OrderState = yield select(selectOrder);
  if (places.length) return;
  yield put(placesRequested());
  try {
    const list: Place[] = yield call(fetchPlaces);
    yield put(placesLoaded(list));
  } catch (e) {
    console.warn('places', e);
    yield put(placesFailed());
  }
}

/** The field names a required-fields toast lists. */
const fieldNames = (fields: readonly string[]) => fields.map((f) => t(`checkout.fields.${f}`)).join(', ');

function* stop(text: string, missing?: string[]) {
  yield put(toastShown(text, 'error'));
  yield put(orderStopped(missing));
}

/** The server's refusal as the seed's toast; false when it is a failure for the popup. */
function* refusal(e: ApiError, promo: PromoState) {
  const fields = (e.fields ?? []).map((f) => (typeof f === 'string' ? f : String((f as { field?: string }).field ?? '')));
  switch (e.code) {
    case 'unavailable_items':
      yield put(cartLinesUnavailable(fields));
      yield call(stop, t('checkout.unavailable_items'));
      return true;
    case 'out_of_zone':
      yield call(stop, t('checkout.out_of_zone'));
      return true;
    case 'out_of_hours': {
      // The hours come as data (params), never read out of the server's text.
      yield call(stop, t('checkout.out_of_hours', { from: String(e.params.from ?? '00:00'), to: String(e.params.to ?? '23:59') }));
      return true;
    }
    case 'min_sum': {
      yield call(stop, t('checkout.min_sum', { n: String(e.params.sum ?? '') }));
      return true;
    }
    case 'required_fields_error': {
      const known = fields.map((f) => f.replace(/^\d+_/, '')).filter((f) => f);
      yield call(stop, `${t('checkout.required_fields_error')}: ${fieldNames(known)}`, known);
      return true;
    }
    case 'promo_error': {
      const text = e.params.reason ? t(`errors.promo_${e.params.reason}`, { sum: String(e.params.sum ?? '') }) : e.message || t('cart.promo_error');
      yield put(promoChecked({ code: promo.code, status: 'error', discount: 0, message: text }));
      yield call(stop, text);
      return true;
    }
    case 'payment_unavailable':
      yield call(stop, t('checkout.payment_unavailable'));
      return true;
    case 'phone_check_required':
      yield call(stop, t('checkout.phone_check_required'));
      return true;
    case 'invalid_input':
    case 'invalid_phone':
      if (fields.includes('client_phone')) {
        yield call(stop, t('checkout.invalid_phone'), ['client_phone']);
        return true;
      }
      return false;
    default:
      return false;
  }
}

/** The card payment: api=sber gives the acquirer's form (10 tries on an empty answer: payment/paymentForm.ts), and the browser goes there. */
function* payOnline(orderId: number | string) {
  const formUrl: string = yield call(requestPaymentForm, { orderId: String(orderId), device_id: deviceId(), localhost: browser.origin(), lang: getLang() });
  yield call([browser, browser.assign], formUrl);
}

/** localStorage key of the phone the session was checked for (the seed's key; digits, 7XXXXXXXXXX). */
export const PHONE_KEY = 'phoneNumber';

/** The phone for the SMS check (seed): digits only; 11 digits starting with 8 become 7. */
export function smsPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

/**
 * The session may be of this phone: it is there, and it was checked for this number or (signed in on /login,
 * which keeps no phone) for none known. The order then goes straight; the server's phone_check_required
 * brings the check after all.
 */
function sessionMayHavePhone(phone: string): boolean {
  const checked = readString(PHONE_KEY);
  return !!(readString('user_id') && readString('token_seq') && readString('token')) && (checked === null || checked === phone);
}

/** The server's message of a failure, else a text of ours. */
const messageOf = (e: unknown, fallback: string) => (e instanceof ApiError && e.status < 500 && e.message ? e.message : fallback);

/**
 * The SMS check of the phone (store setting sms_check): api=sms_code, the code popup, api=login. The
 * session it gives is kept under user_id/token_seq/token (the api client sends it with the order) and the
 * phone under 'phoneNumber'. False when the code could not be sent (logged, a toast, the button back) or
 * the customer closed the popup.
 */
export function* checkPhone(phone: string) {
  const api: ApiClient = yield getContext('api');
  try {
    yield call([api, api.call], 'sms_code', { phone, lang: getLang() }, { retries: 1, retryDelay: 1000 });
  } catch (e) {
    console.error('sms_code', e);
    yield call(stop, messageOf(e, t('checkout.sms_failed')));
    return false;
  }
  yield put(smsCodeSent({ phone, sentAt: Date.now() }));
  for (;;) {
    const { code, resend }: { code?: ReturnType<typeof smsCodeEntered>; resend?: unknown; closed?: unknown } = yield race({
      code: take(smsCodeEntered.type),
      resend: take(smsCodeResend.type),
      closed: take(smsCheckClosed.type),
    });
    if (resend) {
      try {
        yield call([api, api.call], 'sms_code', { phone, lang: getLang() }, { retries: 1, retryDelay: 1000 });
        yield put(smsCodeSent({ phone, sentAt: Date.now() }));
      } catch (e) {
        console.error('sms_code', e);
        yield put(smsCheckFailed(messageOf(e, t('checkout.sms_failed'))));
      }
      continue;
    }
    if (!code) {
      yield put(smsCheckEnded());
      yield put(orderStopped());
      return false;
    }
    const digits = code.payload.replace(/\D/g, '');
    if (digits.length !== 4) {
      yield put(smsCheckFailed(t('checkout.sms_code_invalid')));
      continue;
    }
    yield put(smsCheckSending());
    try {
      const session: LoginAnswer = yield call([api, api.call], 'login', { phone, code: digits }, { retries: 1, retryDelay: 1000 });
      yield call(saveAuth, session);
      yield call(writeString, PHONE_KEY, phone);
      yield put(signedIn({ userId: String(session.user_id), isOwner: session.is_owner === '1' }));
      yield put(smsCheckEnded());
      return true;
    } catch (e) {
      console.warn('login', e);
      yield put(smsCheckFailed(messageOf(e, t('checkout.failed'))));
    }
  }
}

/**
 * The order button. The seed's checks in their order, each with its toast: unavailable items, the
 * delivery zone (api=geo_check), the delivery hours, the minimum sum, the required fields; then the
 * order (api=orders with one idempotency key per attempt) and, for a card payment on the site, the
 * acquirer's form. Success: the store's popup text and an empty cart; failure: the failure popup.
 */
export function* submitOrder(store: StoreSettings | null) {
  yield put(orderSending());
  const lines: CartLine[] = yield select(selectCartItems);
  const promo: PromoState = yield select(selectPromo);
  const point: DeliveryPoint | null = yield select(selectPoint);
  const { form, places }: OrderState = yield select(selectOrder);
  const ios = platform === 'ios';
  const { payment, receiving } = effectiveChoices(form, store);
  const orderLines = lines.filter((l) => l.quantity > 0);
  if (!orderLines.length) {
    yield put(orderStopped());
    return;
  }

  // 1. Unavailable items.
  if (orderLines.some((l) => l.isDisabledItem)) {
    yield put(cartLinesUnavailable([]));
    yield call(stop, t('checkout.unavailable_items'));
    return;
  }
  const api: ApiClient = yield getContext('api');
  // 2. The delivery point inside the zone (the server checks again; no answer here leaves it to the server).
  if (receiving === 'delivery' && point && usesMap(store)) {
    try {
      const res: { geo?: string } = yield call([api, api.call], 'geo_check', { ll: `${point.coords[0]},${point.coords[1]}` }, { method: 'GET', retries: 1, retryDelay: 1000 });
      if (res?.geo === '0') {
        yield call(stop, t('checkout.out_of_zone'));
        return;
      }
    } catch (e) {
      console.warn('geo_check', e);
    }
  }
  // 3. Delivery hours.
  const hours = checkHours(placesForHours(places, receiving, form.place_id, point?.coords ?? null), localNow(store?.timezone));
  if (!hours.open) {
    yield call(stop, t('checkout.out_of_hours', { from: hours.from, to: hours.to }));
    return;
  }
  // 4. The minimum sum (of the goods after a proved promo).
  const minSum = minSumOf(store);
  const totals = cartTotals(orderLines, promo.status === 'proved' ? promo.discount : 0);
  if (minSum > 0 && totals.total < minSum) {
    yield call(stop, t('checkout.min_sum', { n: formatRoubles(minSum) }));
    return;
  }
  // 5. The required fields.
  const missing: RequiredField[] = missingFields({ form, store, point, places, ios });
  if (missing.length) {
    yield call(stop, `${t('checkout.required_fields_error')}: ${fieldNames(missing)}`, missing);
    return;
  }
  if (form.client_phone.trim() && !phoneComplete(form.client_phone, ios)) {
    yield call(stop, t('checkout.invalid_phone'), ['client_phone']);
    return;
  }

  // The order, with one key per attempt: sending the same order again (a retry) keeps the key.
  const urlData = readJson<Record<string, string>>(URL_DATA_KEY, {});
  // The language the customer orders in: the server keeps it for the texts it sends them later.
  const params: Params = { ...orderParams({ form, store, lines: orderLines, point, promoCode: promo.status === 'error' ? '' : promo.code, urlData, deviceId: deviceId(), ios }), lang: getLang() };
  const stored = readJson<(Attempt & { at?: number }) | null>(ATTEMPT_KEY, null);
  const previous = stored && typeof stored.at === 'number' && Date.now() - stored.at < ATTEMPT_TTL_MS ? stored : null;
  const attempt = attemptFor(params, previous, randomKey);
  yield call(writeJson, ATTEMPT_KEY, { ...attempt, at: previous === attempt ? stored!.at : Date.now() });

  // The SMS check of the phone, when the shop asks for it and the session is not of this phone already.
  const phone = smsPhone(form.client_phone);
  let checked = false;
  if (store?.sms_check === '1' && !sessionMayHavePhone(phone)) {
    const ok: boolean = yield call(checkPhone, phone);
    if (!ok) return;
    checked = true;
  }

  let orderId: number | string;
  try {
    let res: { orders?: unknown[] };
    try {
      res = yield call([api, api.call], 'orders', { ...params, idempotency_key: attempt.key }, { retries: ORDER_RETRIES, retryDelay: 1500 });
    } catch (e) {
      // The server asks for the check the session here did not pass (a stale or another session): check, send again.
      if (!(e instanceof ApiError && e.code === 'phone_check_required') || checked) throw e;
      yield call(writeString, PHONE_KEY, null);
      const ok: boolean = yield call(checkPhone, phone);
      if (!ok) return;
      res = yield call([api, api.call], 'orders', { ...params, idempotency_key: attempt.key }, { retries: ORDER_RETRIES, retryDelay: 1500 });
    }
    const first = Array.isArray(res?.orders) ? res.orders[0] : undefined;
    if (first === undefined || first === null || first === '') throw new Error('no order number');
    orderId = first as number | string;
    // Taken with the check on: the session is of this phone.
    if (store?.sms_check === '1' && !checked) yield call(writeString, PHONE_KEY, phone);
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) {
      const handled: boolean = yield call(refusal, e, promo);
      if (handled) return;
    }
    console.error('order', e);
    yield put(orderFailed());
    return;
  }
  yield call(writeString, ORDER_ID_KEY, String(orderId));

  if (payment === 'online') {
    try {
      yield call(payOnline, orderId);
    } catch (e) {
      console.error('payment', e);
      yield put(orderFailed());
    }
    return;
  }
  const text = String((receiving === 'pickup' ? store?.pickup_popup : store?.delivery_popup) ?? '').trim() || t('checkout.accepted');
  yield call(writeString, ATTEMPT_KEY, null);
  yield put(cartCleared());
  yield put(orderPlaced({ orderId, text }));
  // The shell's countdown (shown when the shop turns the timer on) runs from the moment of a delivery order.
  if (receiving === 'delivery') yield put(deliveryTimerStarted({ orderedAt: Date.now(), minutes: deliveryMinutes(store) }));
}

/** One order at a time: the next press is taken only when this one is done (presses wait in the channel). */
function* checkoutLoop(submits: Channel<ReturnType<typeof orderSubmitted>>) {
  for (;;) {
    const action: ReturnType<typeof orderSubmitted> = yield take(submits);
    yield call(submitOrder, action.payload.store);
  }
}

/** The checkout, loaded with the order page (orderSaga starts it on the page's first event). */
export default function* checkoutSaga(submits: Channel<ReturnType<typeof orderSubmitted>>) {
  yield takeEvery(orderPageOpened.type, loadPlaces);
  yield fork(checkoutLoop, submits);
}
