import type { Channel } from 'redux-saga';
import { call, delay, fork, put, select, takeLatest } from 'redux-saga/effects';
import { callWithRetry } from '../../lib/pagedList';
import { selectCartTotals } from '../cart/public';
import { promoParams, type PromoAnswer } from './promoApi';
import { promoChecked, promoCheckFailed, promoCheckStarted, promoTyped, selectPromo, type PromoState } from './promoSlice';

/** The seed: the promo code is verified 2 s after the last keystroke ('Применить' and Enter do it at once). */
export const PROMO_DEBOUNCE_MS = 2000;
/** One quick retry (the order still sends the code and the server decides). */
const PROMO_RETRY = { retries: 1, delayMs: 1500 };

/** Verifies a promo code with the shop (api=promo) against the cart's goods. */
export function* verifyPromo(code: string) {
  if (!code) return;
  yield put(promoCheckStarted(code));
  try {
    const totals: ReturnType<typeof selectCartTotals> = yield select(selectCartTotals);
    const res: PromoAnswer = yield call(callWithRetry, 'promo', promoParams(code, totals.goods), PROMO_RETRY);
    const p = res.promo ?? {};
    const proved = p.status === 'proved';
    yield put(promoChecked({ code, status: proved ? 'proved' : 'error', kind: p.kind, discount: Number(p.discount) || 0, amount: Number(p.amount) || 0, condition: Number(p.condition) || 0, reason: proved ? null : (p.reason ?? 'not_found') }));
  } catch (e) {
    console.warn('promo', e);
    yield put(promoCheckFailed(code));
  }
}

/** 2 s after the last keystroke the code is verified; an empty code just resets. */
function* onPromoTyped() {
  const promo: PromoState = yield select(selectPromo);
  if (!promo.code || promo.status !== 'wait') return;
  yield delay(PROMO_DEBOUNCE_MS);
  const now: PromoState = yield select(selectPromo);
  // Typed on meanwhile: that keystroke's own wait verifies it.
  if (now.code !== promo.code || now.status !== 'wait') return;
  yield call(verifyPromo, promo.code);
}

/** 'Применить' or Enter, or the cart page opening with a stored code never verified (a reload): verified at once. */
function* verifyNow() {
  const promo: PromoState = yield select(selectPromo);
  if (promo.code && promo.status === 'wait') yield call(verifyPromo, promo.code);
}

function* onEvent(action: { type: string }) {
  yield call(action.type === promoTyped.type ? onPromoTyped : verifyNow);
}

/**
 * The promo checks; `first` is the event that loaded them, later ones come through `events`. The latest
 * event wins: a keystroke or a press replaces a waiting check (and one in flight, whose answer would be
 * for an older code or the same one).
 */
export default function* promoChecks(first: { type: string }, events: Channel<{ type: string }>) {
  yield fork(onEvent, first);
  yield takeLatest(events, onEvent);
}
