import type { Channel } from 'redux-saga';
import { actionChannel, call, fork, select, take, takeEvery } from 'redux-saga/effects';
import { writeString } from '../../lib/storage';
import { cartCleared, cartRefreshRequested } from '../cart/public';
import { PROMO_KEY, promoApplied, promoTyped, selectPromo, type PromoState } from './promoSlice';

/** Keeps localStorage 'promoCode' in step with the code. */
function* persist() {
  const promo: PromoState = yield select(selectPromo);
  yield call(writeString, PROMO_KEY, promo.code || null);
}

/**
 * The checks with the shop (api=promo) load with the first event that needs them (the cart page opening,
 * a code typed or applied), so they stay out of the first bundle.
 */
function* startChecks() {
  // Events that come while the chunk loads wait in the channel.
  const events: Channel<{ type: string }> = yield actionChannel([cartRefreshRequested.type, promoTyped.type, promoApplied.type]);
  const first: { type: string } = yield take(events);
  const checks: typeof import('./promoChecks') = yield call(() => import('./promoChecks'));
  yield fork(checks.default, first, events);
}

export default function* promoSaga() {
  yield takeEvery([promoTyped.type, cartCleared.type], persist);
  yield fork(startChecks);
}
