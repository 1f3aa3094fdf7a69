import { actionChannel, call, fork, select, take, takeEvery } from 'redux-saga/effects';
import type { Channel } from 'redux-saga';
import { writeJson } from '../../lib/storage';
import checkoutSaga, { loadPlaces } from './checkoutSaga';
import { FORM_KEY, orderFieldChanged, orderPageOpened, orderPlaced, orderSubmitted, selectOrder, type OrderState } from './orderSlice';

/**
 * The order feature's saga, started when the order page's chunk loads (orderStart.ts runs from the first
 * screen): keeps the form's answers and runs the checkout (checkoutSaga: places, the checks, the order,
 * the payment); the places load once, with the first visit of the page.
 */

function* persistForm() {
  const { form }: OrderState = yield select(selectOrder);
  yield call(writeJson, FORM_KEY, form);
}

function* startCheckout() {
  const submits: Channel<ReturnType<typeof orderSubmitted>> = yield actionChannel(orderSubmitted.type);
  yield fork(checkoutSaga, submits);
  const first: { type: string } = yield take([orderPageOpened.type, orderSubmitted.type]);
  if (first.type === orderPageOpened.type) yield fork(loadPlaces);
}

export default function* orderSaga() {
  yield takeEvery([orderFieldChanged.type, orderPlaced.type], persistForm);
  yield fork(startCheckout);
}
