import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, fork, put, select, takeLatest } from 'redux-saga/effects';
import { t } from '../../lib/i18n';
import { callWithRetry, offersOf } from '../../lib/pagedList';
import type { CartLine, OfferCard } from '../../lib/types';
import { cartItemsParams, promoParams, stopListParams, type PromoAnswer } from './cartApi';
import {
  cartRefreshed,
  cartRefreshFailed,
  cartRefreshRequested,
  promoChecked,
  promoCheckFailed,
  promoCheckStarted,
  promoTyped,
  selectCartItems,
  selectCartTotals,
  selectPromo,
  type PromoState,
} from './cartSlice';

/** The seed: the promo code is verified 2 s after the last keystroke. */
export const PROMO_DEBOUNCE_MS = 2000;
/** One quick retry for the cart's reads (the page still works with the stored lines). */
const CART_RETRY = { retries: 1, delayMs: 1500 };

/** The delivery point chosen on /map (state.map.point), read by shape: the map is another feature. */
const selectDeliveryCoords = (s: { map?: { point?: { coords?: [number, number] } | null } }) => s.map?.point?.coords ?? null;
const selectShopId = (s: { shop?: { store?: { id?: string | number } | null } }) => s.shop?.store?.id ?? null;

/**
 * The cart opened (or the order form): the current cards of its lines (api=offers ids=…); with a delivery
 * point, the stop list for it too. Unavailable lines are flagged and the popup asks to remove them.
 */
function* refresh() {
  const items: CartLine[] = yield select(selectCartItems);
  const ids = items.map((l) => l.id);
  if (!ids.length) {
    yield put(cartRefreshed({ cards: [] }));
    return;
  }
  try {
    const shopId: string | number | null = yield select(selectShopId);
    const res: { offers?: unknown } = yield call(callWithRetry, 'offers', cartItemsParams(ids, shopId), CART_RETRY);
    const cards = offersOf<OfferCard>(res);
    let stopped: string[] = [];
    const coords: [number, number] | null = yield select(selectDeliveryCoords);
    if (coords) {
      try {
        const stop: { offers?: unknown } = yield call(callWithRetry, 'offers', stopListParams(ids, coords), CART_RETRY);
        stopped = offersOf<OfferCard>(stop).map((c) => String(c.id));
      } catch (e) {
        console.warn('stop list', e);
      }
    }
    yield put(cartRefreshed({ cards, stopped }));
  } catch (e) {
    console.warn('cart items', e);
    yield put(cartRefreshFailed());
  }
}

/** Verifies a promo code with the shop (api=promo). */
export function* verifyPromo(code: string) {
  if (!code) return;
  yield put(promoCheckStarted(code));
  try {
    const totals: ReturnType<typeof selectCartTotals> = yield select(selectCartTotals);
    const res: PromoAnswer = yield call(callWithRetry, 'promo', promoParams(code, totals.goods), CART_RETRY);
    const p = res.promo ?? {};
    const proved = p.status === 'proved';
    yield put(promoChecked({ code, status: proved ? 'proved' : 'error', discount: Number(p.discount) || 0, message: proved ? null : (p.message ?? t('cart.promo_error')) }));
  } catch (e) {
    console.warn('promo', e);
    yield put(promoCheckFailed(code));
  }
}

/** 2 s after the last keystroke the code is verified; an empty code just resets. */
function* onPromoTyped(_action: PayloadAction<string>) {
  const promo: PromoState = yield select(selectPromo);
  if (!promo.code || promo.status !== 'wait') return;
  yield delay(PROMO_DEBOUNCE_MS);
  const now: PromoState = yield select(selectPromo);
  // Typed on meanwhile: that keystroke's own wait verifies it.
  if (now.code !== promo.code || now.status !== 'wait') return;
  yield call(verifyPromo, promo.code);
}

/** The cart page opens with a stored code that was never verified (a reload): verify it at once. */
function* verifyStoredPromo() {
  const promo: PromoState = yield select(selectPromo);
  if (promo.code && promo.status === 'wait' && !promo.checking) yield call(verifyPromo, promo.code);
}

/** The cart page's sagas; `first` is the event that loaded them. */
export default function* cartPageSaga(first: { type: string; payload?: unknown }) {
  yield takeLatest(cartRefreshRequested.type, refresh);
  yield takeLatest(cartRefreshRequested.type, verifyStoredPromo);
  yield takeLatest(promoTyped.type, onPromoTyped);
  if (first.type === cartRefreshRequested.type) {
    yield fork(refresh);
    yield fork(verifyStoredPromo);
  } else yield fork(onPromoTyped, first as PayloadAction<string>);
}
