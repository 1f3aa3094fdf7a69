import { call, takeEvery } from 'redux-saga/effects';
import { readJson, writeJson, writeString } from '../../lib/storage';
import { cartCleared } from '../cart/public';

/**
 * What the order feature does from the first screen, before its page (and the rest of it) loads: keeps
 * the landing URL's marketing parameters and ends a checkout attempt when the cart is cleared.
 */
export const ATTEMPT_KEY = 'orderAttempt';
export const URL_DATA_KEY = 'urlData';

/** The landing URL's query: utm_* and the other marketing parameters (the seed's urlData). */
const URL_DATA_KEYS = /^(utm_[a-z_]{1,30}|gclid|yclid|fbclid|ref)$/;
export function urlDataOf(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(search)) if (URL_DATA_KEYS.test(k) && v && Object.keys(out).length < 20) out[k] = v.slice(0, 300);
  return out;
}

function rememberUrlData() {
  if (typeof location === 'undefined') return;
  const data = urlDataOf(location.search);
  if (Object.keys(data).length) writeJson(URL_DATA_KEY, { ...readJson<Record<string, string>>(URL_DATA_KEY, {}), ...data });
}

/** A cleared cart (an order placed, a card payment confirmed) ends the checkout attempt. */
function* forgetAttempt() {
  yield call(writeString, ATTEMPT_KEY, null);
}

export default function* orderStartSaga() {
  yield call(rememberUrlData);
  yield takeEvery(cartCleared.type, forgetAttempt);
}
