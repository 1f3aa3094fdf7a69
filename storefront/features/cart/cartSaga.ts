import type { PayloadAction } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { toastShown } from '../../lib/events';
import { t } from '../../lib/i18n';
import { callWithRetry, offersOf } from '../../lib/pagedList';
import { writeJson, writeString } from '../../lib/storage';
import type { CartLine, OfferCard } from '../../lib/types';
import { cartItemsParams, promoParams, stopListParams, type PromoAnswer } from './cartApi';
import {
  CART_KEY,
  PROMO_KEY,
  cartCleared,
  cartItemAdded,
  cartItemDecremented,
  cartItemRemoved,
  cartLeft,
  cartLineDecremented,
  cartLineIncremented,
  cartLineQuantityTyped,
  cartQuantitySet,
  cartRefreshed,
  cartRefreshFailed,
  cartRefreshRequested,
  cartReplaced,
  cartUnavailableRemoved,
  loadCart,
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

/** Keeps localStorage 'Cart' in step with the cart, and the cart in step with other tabs. */
function* persist() {
  const items: CartLine[] = yield select(selectCartItems);
  yield call(writeJson, CART_KEY, items);
}

function* persistPromo() {
  const promo: PromoState = yield select(selectPromo);
  yield call(writeString, PROMO_KEY, promo.code || null);
}

function storageChannel(): EventChannel<CartLine[]> {
  return eventChannel((emit) => {
    const on = (e: StorageEvent) => {
      if (e.key === CART_KEY) emit(loadCart());
    };
    window.addEventListener('storage', on);
    return () => window.removeEventListener('storage', on);
  });
}

function* watchOtherTabs() {
  if (typeof window === 'undefined') return;
  const chan: EventChannel<CartLine[]> = yield call(storageChannel);
  for (;;) {
    const items: CartLine[] = yield take(chan);
    yield put(cartReplaced(items));
  }
}

/** 'Товар добавлен в корзину' when a product first goes into the cart. */
function* confirmAdded(action: ReturnType<typeof cartItemAdded>) {
  const items: CartLine[] = yield select(selectCartItems);
  if (items.find((l) => l.id === action.payload.id)?.quantity === 1) yield put(toastShown(t('cart.added')));
}

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
function* onPromoTyped(action: PayloadAction<string>) {
  const promo: PromoState = yield select(selectPromo);
  if (!promo.code || promo.status !== 'wait') return;
  yield delay(PROMO_DEBOUNCE_MS);
  yield call(verifyPromo, promo.code);
}

/** The cart page opens with a stored code that was never verified (a reload): verify it at once. */
function* verifyStoredPromo() {
  const promo: PromoState = yield select(selectPromo);
  if (promo.code && promo.status === 'wait' && !promo.checking) yield call(verifyPromo, promo.code);
}

export default function* cartSaga() {
  yield takeEvery(cartItemAdded.type, confirmAdded);
  yield takeEvery(
    [
      cartItemAdded.type,
      cartItemDecremented.type,
      cartQuantitySet.type,
      cartItemRemoved.type,
      cartLineIncremented.type,
      cartLineDecremented.type,
      cartLineQuantityTyped.type,
      cartLeft.type,
      cartRefreshed.type,
      cartUnavailableRemoved.type,
      cartCleared.type,
    ],
    persist,
  );
  yield takeEvery([promoTyped.type, cartCleared.type], persistPromo);
  yield takeLatest(cartRefreshRequested.type, refresh);
  yield takeLatest(cartRefreshRequested.type, verifyStoredPromo);
  yield takeLatest(promoTyped.type, onPromoTyped);
  yield fork(watchOtherTabs);
}
