import { takeLatest } from 'redux-saga/effects';
import { paymentStatusRequested } from './paymentSlice';
import { checkStatus } from './paymentWorkers';

/** The return pages ask the server about the payment (this saga loads with them: feature.ts). */
export default function* paymentSaga() {
  yield takeLatest(paymentStatusRequested.type, checkStatus);
}
