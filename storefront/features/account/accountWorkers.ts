import { call, delay, fork, getContext, put, select } from 'redux-saga/effects';
import { ApiError, NetworkError, type ApiClient, type Params } from '../../../dataProvider/apiClient';
import { deviceId } from '../../lib/device';
import { toastShown } from '../../lib/events';
import { getLang, hasText, t } from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import { callWithRetry, listErrorOf, listTiming, type RetryTiming } from '../../lib/pagedList';
import { PaymentFormMissing, PaymentRefused, requestPaymentForm } from '../payments/public';
import { afterSignOut } from './logout';
import { clearAuth, fetchPlace, postQuestion, REVIEW_IMAGE_TYPES, saveAuth, type LoginAnswer } from './accountApi';
import { sentCodeLength } from '../../../schemas/rules/signIn';
import {
  myOrdersFailed,
  myOrdersLoaded,
  myOrdersRequested,
  orderFailed,
  orderLoaded,
  orderPayFailed,
  orderPayRequested,
  orderPlaceLoaded,
  orderRequested,
  reviewFailed,
  reviewInvalid,
  reviewSent,
  reviewSubmitted,
  signedIn,
  signedOut,
  signInCodeRequested,
  signInCodeSent,
  signInFailed,
  signInSubmitted,
  signOutRequested,
  type OrderDetail,
  type OrderSummary,
  type PickupPlace,
} from './accountSlice';

/**
 * The account's saga workers (loaded with the first account action, not with the first page: see
 * accountSaga.ts): sign-in, sign-out, the order list, one order, its payment, the question about it.
 */

/** The seed: a network error on sign-in is retried after 1.5 s (the payment call's retries: payment/paymentForm.ts). */
export const LOGIN_RETRY = { retries: 5, retryDelay: 1500 };

/** A failure as the customer reads it: the server's code translated, else its message. */
export function messageOf(e: unknown): string {
  if (e instanceof NetworkError) return t('errors.no_connection');
  if (e instanceof ApiError) {
    if (hasText(`errors.${e.code}`)) return t(`errors.${e.code}`);
    if (e.message && !/^HTTP \d+$/.test(e.message)) return e.message;
  }
  return t('errors.error_msg');
}

const isTokenError = (e: unknown) => e instanceof ApiError && e.isTokenError;

function* api(): Generator<unknown, ApiClient, ApiClient> {
  return (yield getContext('api')) as ApiClient;
}

/** The server no longer knows the session (the api client has cleared the stored auth). */
function* sessionExpired() {
  yield call(clearAuth);
  yield put(signedOut());
  yield put(toastShown(t('errors.token_error'), 'error'));
}

export function* requestCode(action: ReturnType<typeof signInCodeRequested>) {
  const client = yield* api();
  try {
    const answer: unknown = yield call([client, client.call], 'sms_code', { phone: action.payload, lang: getLang() }, { auth: false, ...LOGIN_RETRY });
    yield put(signInCodeSent(sentCodeLength(answer)));
  } catch (e) {
    const text = messageOf(e);
    yield put(signInFailed(text));
    yield put(toastShown(text, 'error'));
  }
}

export function* login(action: ReturnType<typeof signInSubmitted>) {
  const client = yield* api();
  const phone: string = yield select((s: { account: { signIn: { phone: string } } }) => s.account.signIn.phone);
  try {
    const res: LoginAnswer = yield call([client, client.call], 'login', { phone, code: action.payload }, { auth: false, ...LOGIN_RETRY });
    if (!res?.token || res.token === 'error' || !res.user_id) throw new ApiError(400, 'invalid_code', 'invalid code');
    yield call(saveAuth, res);
    yield put(signedIn({ userId: String(res.user_id), isOwner: res.is_owner === '1' }));
    yield put(toastShown(t('account.signed_in')));
  } catch (e) {
    const text = messageOf(e);
    yield put(signInFailed(text));
    yield put(toastShown(text, 'error'));
  }
}

export function* signOut() {
  const client = yield* api();
  try {
    yield call([client, client.call], 'logout', {});
  } catch {
    /* the session is dropped here anyway; a stale one the server already forgot */
  }
  yield call(clearAuth);
  yield put(signedOut());
  yield put(toastShown(t('account.signed_out')));
  // The apps are told; the web returns to the stored 'back' address (logout.ts).
  yield call(afterSignOut);
}

export function* loadOrders() {
  const timing: RetryTiming = yield* listTiming();
  try {
    const res: { orders?: OrderSummary[] } = yield call(callWithRetry, 'orders', { list: 1, device_id: deviceId() }, timing);
    yield put(myOrdersLoaded(Array.isArray(res.orders) ? res.orders : []));
  } catch (e) {
    if (isTokenError(e)) {
      // The device's own orders are still there: ask again without the session.
      yield* sessionExpired();
      yield put(myOrdersRequested());
      return;
    }
    yield put(myOrdersFailed(listErrorOf(e)));
  }
}

function* loadPlace(id: number) {
  try {
    const p: PickupPlace = yield call(fetchPlace, id);
    yield put(orderPlaceLoaded({ id: p.id, name: p.name, address: p.address ?? null, city: p.city ?? null }));
  } catch {
    /* the order still shows 'Самовывоз' without the place */
  }
}

export function* loadOrder(action: ReturnType<typeof orderRequested>) {
  const id = action.payload;
  const timing: RetryTiming = yield* listTiming();
  try {
    const res: { orders?: OrderDetail[] } = yield call(callWithRetry, 'orders', { orderId: id, device_id: deviceId() }, timing);
    const order = Array.isArray(res.orders) ? res.orders[0] : undefined;
    if (!order) throw new ApiError(404, 'not_found', 'not found');
    yield put(orderLoaded({ ...order, id: Number(order.id) }));
    if (order.receiving === 'pickup' && order.placeId) yield fork(loadPlace, Number(order.placeId));
  } catch (e) {
    if (isTokenError(e)) {
      yield* sessionExpired();
      yield put(orderRequested(id));
      return;
    }
    yield put(orderFailed({ id, error: e instanceof ApiError && e.status === 404 ? 'not_found' : listErrorOf(e) }));
  }
}

/** Leaves the shop for the acquirer's payment page. */
export const goToPaymentPage = (url: string) => window.location.assign(url);

/** api=sber: a payment attempt for the order; an empty answer or a lost connection is asked again (10 × 100 ms, payment/paymentForm.ts). */
export function* pay(action: ReturnType<typeof orderPayRequested>) {
  const params: Params = { orderId: action.payload, device_id: deviceId(), localhost: typeof location === 'undefined' ? '' : location.origin, lang: getLang() };
  try {
    const formUrl: string = yield call(requestPaymentForm, params);
    yield call(goToPaymentPage, formUrl);
  } catch (e) {
    yield put(orderPayFailed());
    if (e instanceof PaymentRefused) {
      yield put(toastShown(e.message, 'error'));
      return;
    }
    if (e instanceof NetworkError || e instanceof PaymentFormMissing) {
      yield put(toastShown(t('errors.payment_error'), 'error'));
      return;
    }
    yield put(toastShown(messageOf(e), 'error'));
    if (isTokenError(e)) yield* sessionExpired();
    // Paid meanwhile (another tab): show the order as it is now.
    if (e instanceof ApiError && e.code === 'already_paid') yield put(orderRequested(action.payload));
  }
}

/** The question form's own checks: contact and message required, pictures png/gif/jpeg only. */
export function reviewErrors(v: { contact: string; message: string; files: File[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.contact.trim()) errors.contact = t('account.review.required');
  if (!v.message.trim()) errors.message = t('account.review.required');
  if (v.files.some((f) => !REVIEW_IMAGE_TYPES.includes(f.type))) errors.images = t('errors.unsupported_file');
  return errors;
}

/** The server's field errors (names or {field, code}) as texts per field. */
function fieldErrorsOf(e: ApiError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of e.fields) {
    const name = typeof f === 'string' ? f : (f as { field?: string })?.field;
    const code = typeof f === 'object' && f ? (f as { code?: string }).code : undefined;
    if (!name) continue;
    out[name] = code === 'required' || e.code === 'required_fields_error' ? t('account.review.required') : messageOf(e);
  }
  return out;
}

export function* sendReview(action: ReturnType<typeof reviewSubmitted>) {
  const { orderId, contact, message, files } = action.payload;
  const errors = reviewErrors(action.payload);
  if (Object.keys(errors).length) {
    yield put(reviewInvalid(errors));
    return;
  }
  try {
    yield call(postQuestion, { orderId, contact: contact.trim(), message: message.trim(), deviceId: deviceId(), files });
    yield put(reviewSent());
    yield put(toastShown(t('account.review.sent')));
    yield call(navigateTo, `/order/${orderId}`, { replace: true });
  } catch (e) {
    // A refusal naming fields (a bad picture, the pictures' daily budget) shows beside them; the form keeps what was typed.
    if (e instanceof ApiError && (e.status === 400 || e.status === 429) && e.fields.length) {
      const byField = fieldErrorsOf(e);
      if (Object.keys(byField).length) {
        yield put(reviewInvalid(byField));
        return;
      }
    }
    if (isTokenError(e)) yield* sessionExpired();
    yield put(reviewFailed());
    yield put(toastShown(messageOf(e), 'error'));
  }
}
