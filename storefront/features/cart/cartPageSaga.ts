import { call, fork, put, select, takeLatest } from 'redux-saga/effects';
import { callWithRetry, offersOf } from '../../lib/pagedList';
import type { CartLine, OfferCard } from '../../lib/types';
import { cartItemsParams, stopListParams } from './cartApi';
import { cartRefreshed, cartRefreshFailed, cartRefreshRequested, selectCartItems } from './cartSlice';

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

/** The cart page's sagas; `first` is the event that loaded them. */
export default function* cartPageSaga(_first: { type: string; payload?: unknown }) {
  yield takeLatest(cartRefreshRequested.type, refresh);
  yield fork(refresh);
}
