import { call, takeLatest } from 'redux-saga/effects';
import { paymentStatusRequested } from './paymentSlice';

/** The return pages ask the server about the payment; the worker loads with them (not with the first page). */
function* checkStatus(action: ReturnType<typeof paymentStatusRequested>) {
  const m: typeof import('./paymentWorkers') = yield call(() => import('./paymentWorkers'));
  yield call(m.checkStatus, action);
}

export default function* paymentSaga() {
  yield takeLatest(paymentStatusRequested.type, checkStatus);
}
