import type { Channel } from 'redux-saga';
import { call, delay, fork, getContext, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { ApiError, type ApiClient, type Params } from '../../../dataProvider/apiClient';
import { fetchPlaces, restBase } from '../../lib/restBase';
import { deviceId } from '../../lib/device';
import { toastShown } from '../../lib/events';
import { getLang, hasText, t } from '../../lib/i18n';
import { platform } from '../../lib/platform';
import { readJson, readString, writeJson, writeString } from '../../lib/storage';
import type { CartLine, Place, StoreSettings } from '../../lib/types';
import { saveAuth, signedIn, type LoginAnswer } from '../account/public';
import { checkOrder, type Refusal } from '../../../schemas/rules/checkout';
import { phoneDigits } from '../../../schemas/rules/phone';
import type { PromoRefusal } from '../../../schemas/rules/promo';
import { cartCleared, cartLinesUnavailable, selectCartItems } from '../cart/public';
import { deliveryMinutes, deliveryTimerStarted, type DeliveryPoint } from '../places/public';
import { requestPaymentForm } from '../payments/public';
import { promoChecked, selectPromo, verifyPromo, type PromoState } from '../promo/public';
import { checkoutFacts } from './checkoutFacts';
import { attemptFor, effectiveChoices, localNow, orderParams, randomKey, type Attempt } from './orderLogic';
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

export function* loadPlaces() {
  const { places }: OrderState = yield select(selectOrder);
  if (places.length) return;
  yield put(placesRequested());
  try {
    const list: Place[] = yield call(fetchPlaces<Place>);
    yield put(placesLoaded(list));
  } catch (e) {
    console.warn('places', e);
    yield put(placesFailed());
  }
}

/** The field names a required-fields toast lists. */
const fieldNames = (fields: readonly string[]) => fields.map((f) => t(`checkout.fields.${f}`)).join(', ');

/** The order stops: the seed's toast, and the fields it is about marked with the reason beside them. */
function* stop(text: string, fields?: string[], reason?: string) {
  yield put(toastShown(text, 'error'));
  yield put(orderStopped(fields, reason));
}

/** The fields a refusal is about, as the form names them (the server may send `{field}` objects or numbered keys). */
const fieldsOf = (fields: readonly unknown[] | undefined) => (fields ?? []).map((f) => (typeof f === 'string' ? f : String((f as { field?: string }).field ?? ''))).filter(Boolean);

/**
 * A refusal (the rule's here, or the server's): its text is i18n `errors.<code>` with its params, shown as
 * the seed's toast, and the fields it is about are marked.
 */
export function* showRefusal(r: Refusal, promo: PromoState) {
  switch (r.code) {
    case 'unavailable_items':
      yield put(cartLinesUnavailable(r.fields));
      yield call(stop, t('errors.unavailable_items'));
      return;
    case 'required_fields_error': {
      const fields = r.fields.map((f) => f.replace(/^\d+_/, ''));
      yield call(stop, `${t('errors.required_fields_error')}: ${fieldNames(fields)}`, fields);
      return;
    }
    case 'promo_error': {
      const reason = (r.params.reason ?? 'not_found') as PromoRefusal;
      yield put(promoChecked({ code: promo.code, status: 'error', reason }));
      yield call(stop, t(`errors.promo_${reason}`, { sum: String(r.params.sum ?? '') }));
      return;
    }
    case 'invalid_phone':
    case 'phone_check_required':
      yield call(stop, t(`errors.${r.code}`), ['client_phone'], `errors.${r.code}`);
      return;
    case 'out_of_zone':
      yield call(stop, t('errors.out_of_zone'), ['client_address'], 'errors.out_of_zone');
      return;
    default:
      yield call(stop, t(`errors.${r.code}`, r.params));
  }
}

/** The codes of the server's refusals this form shows as a toast; any other failure is the failure popup. */
const SHOWN = new Set(['unavailable_items', 'out_of_zone', 'out_of_hours', 'min_sum', 'required_fields_error', 'promo_error', 'payment_unavailable', 'phone_check_required', 'invalid_phone', 'empty_cart']);

/** The server's refusal as the seed's toast; false when it is a failure for the popup. */
function* serverRefusal(e: ApiError, promo: PromoState) {
  const fields = fieldsOf(e.fields as unknown[] | undefined);
  // A phone the server could not read is the phone's refusal.
  const code = (e.code === 'invalid_input' || e.code === 'invalid_phone') && fields.includes('client_phone') ? 'invalid_phone' : e.code;
  if (!SHOWN.has(code)) return false;
  const params = Object.fromEntries(Object.entries(e.params ?? {}).map(([k, v]) => [k, String(v)]));
  yield call(showRefusal, { code, params, fields }, promo);
  return true;
}

/** The card payment: api=sber gives the acquirer's form (10 tries on an empty answer: payment/paymentForm.ts), and the browser goes there. */
function* payOnline(orderId: number | string) {
  const formUrl: string = yield call(requestPaymentForm, { orderId: String(orderId), device_id: deviceId(), localhost: browser.origin(), lang: getLang() });
  yield call([browser, browser.assign], formUrl);
}

/** localStorage key of the phone the session was checked for (the seed's key; digits, 7XXXXXXXXXX). */
export const PHONE_KEY = 'phoneNumber';

/**
 * The session may be of this phone: it is there, and it was checked for this number or (signed in on /login,
 * which keeps no phone) for none known. The order then goes straight; the server's phone_check_required
 * brings the check after all.
 */
function sessionMayHavePhone(phone: string): boolean {
  const checked = readString(PHONE_KEY);
  return !!(readString('user_id') && readString('token_seq') && readString('token')) && (checked === null || checked === phone);
}

/** The text of the server's refusal (i18n errors.<code> with its params), else a text of ours. */
const messageOf = (e: unknown, fallback: string) => (e instanceof ApiError && e.status < 500 && hasText(`errors.${e.code}`) ? t(`errors.${e.code}`, e.params) : fallback);

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
    yield call(stop, messageOf(e, t('errors.sms_error')));
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
        yield put(smsCheckFailed(messageOf(e, t('errors.sms_error'))));
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
      yield put(smsCheckFailed(messageOf(e, t('errors.order_error'))));
    }
  }
}

/**
 * The order button. The form's facts go to the one rule (schemas/rules/checkout.ts): the seed's checks in
 * their order, each with its toast (unavailable items, the delivery zone, the hours, the minimum sum, the
 * required fields), then the phone and the promo code; a phone the shop wants checked by SMS is checked;
 * then the order (api=orders with one idempotency key per attempt) and, for a card payment on the site,
 * the acquirer's form. Success: the store's popup text and an empty cart; failure: the failure popup.
 */
export function* submitOrder(store: StoreSettings | null) {
  yield put(orderSending());
  const lines: CartLine[] = yield select(selectCartItems);
  const point: DeliveryPoint | null = yield select(selectPoint);
  const ios = platform === 'ios';
  const orderLines = lines.filter((l) => l.quantity > 0);
  if (!orderLines.length) {
    yield put(orderStopped());
    return;
  }
  // The places' zones and hours are facts of the checks: loaded with the page, else now.
  yield call(loadPlaces);
  // A code typed but not yet verified (the 2 s have not passed) is verified first: its discount counts.
  const typed: PromoState = yield select(selectPromo);
  if (typed.code && typed.status === 'wait') yield call(verifyPromo, typed.code);
  const promo: PromoState = yield select(selectPromo);
  const { form, places }: OrderState = yield select(selectOrder);
  const { payment, receiving } = effectiveChoices(form, store);
  const phone = phoneDigits(form.client_phone);
  const verdict = checkOrder(checkoutFacts({ form, store, lines: orderLines, point, places, promo, now: localNow(store?.timezone), ios, phoneVerified: sessionMayHavePhone(phone) }));
  if (verdict && verdict.code !== 'phone_check_required') {
    yield call(showRefusal, verdict, promo);
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
  let checked = false;
  if (verdict?.code === 'phone_check_required') {
    const ok: boolean = yield call(checkPhone, phone);
    if (!ok) return;
    checked = true;
  }

  const api: ApiClient = yield getContext('api');
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
      const handled: boolean = yield call(serverRefusal, e, promo);
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
