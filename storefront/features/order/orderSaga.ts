import { actionChannel, call, fork, select, take, takeEvery } from 'redux-saga/effects';
import type { Channel } from 'redux-saga';
import { readJson, writeJson, writeString } from '../../lib/storage';
import { cartCleared } from '../cart/cartSlice';
import { urlDataOf } from './orderForm';
import { ATTEMPT_KEY, FORM_KEY, URL_DATA_KEY, orderFieldChanged, orderPageOpened, orderPlaced, orderSubmitted, selectOrder, type OrderState } from './orderSlice';

/**
 * What the order feature does from the start: keeps the landing URL's marketing parameters, the form's
 * answers and the end of a checkout attempt. The checkout itself (checkoutSaga: places, the checks, the
 * order, the payment) is loaded with the order page, so it stays out of the first bundle; presses of the
 * order button wait in a channel meanwhile.
 */

/** The landing URL's utm_* (and other marketing) parameters, kept for the order (the seed's urlData). */
function rememberUrlData() {
  if (typeof location === 'undefined') return;
  const data = urlDataOf(location.search);
  if (Object.keys(data).length) writeJson(URL_DATA_KEY, { ...readJson<Record<string, string>>(URL_DATA_KEY, {}), ...data });
}

function* persistForm() {
  const { form }: OrderState = yield select(selectOrder);
  yield call(writeJson, FORM_KEY, form);
}

/** A cleared cart (an order placed, a card payment confirmed) ends the checkout attempt. */
function* forgetAttempt() {
  yield call(writeString, ATTEMPT_KEY, null);
}

function* startCheckout() {
  const submits: Channel<ReturnType<typeof orderSubmitted>> = yield actionChannel(orderSubmitted.type);
  const first: { type: string } = yield take([orderPageOpened.type, orderSubmitted.type]);
  const checkout: typeof import('./checkoutSaga') = yield call(() => import('./checkoutSaga'));
  yield fork(checkout.default, submits);
  if (first.type === orderPageOpened.type) yield fork(checkout.loadPlaces);
}

export default function* orderSaga() {
  yield call(rememberUrlData);
  yield takeEvery([orderFieldChanged.type, orderPlaced.type], persistForm);
  yield takeEvery(cartCleared.type, forgetAttempt);
  yield fork(startCheckout);
}
