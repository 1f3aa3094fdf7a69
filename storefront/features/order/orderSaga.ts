import { actionChannel, call, fork, select, take, takeEvery } from 'redux-saga/effects';
import type { Channel } from 'redux-saga';
import { writeJson } from '../../lib/storage';
import { FORM_KEY, orderFieldChanged, orderPageOpened, orderPlaced, orderSubmitted, selectOrder, type OrderState } from './orderSlice';

/**
 * The order feature's saga, started when the order page loads (orderStart.ts runs from the first screen):
 * keeps the form's answers; the checkout (checkoutSaga: places, the checks, the order, the payment) is
 * a chunk of its own, and presses of the order button wait in a channel until it arrives.
 */

function* persistForm() {
  const { form }: OrderState = yield select(selectOrder);
  yield call(writeJson, FORM_KEY, form);
}

function* startCheckout() {
  const submits: Channel<ReturnType<typeof orderSubmitted>> = yield actionChannel(orderSubmitted.type);
  const first: { type: string } = yield take([orderPageOpened.type, orderSubmitted.type]);
  const checkout: typeof import('./checkoutSaga') = yield call(() => import('./checkoutSaga'));
  yield fork(checkout.default, submits);
  if (first.type === orderPageOpened.type) yield fork(checkout.loadPlaces);
}

export default function* orderSaga() {
  yield takeEvery([orderFieldChanged.type, orderPlaced.type], persistForm);
  yield fork(startCheckout);
}
