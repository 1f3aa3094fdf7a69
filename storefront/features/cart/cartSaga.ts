import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import { toastShown } from '../../lib/events';
import { getCurrentPath } from '../../lib/navigation';
import { t } from '../../lib/i18n';
import { writeJson } from '../../lib/storage';
import type { CartLine } from '../../lib/types';
import {
  CART_KEY,
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
  cartRefreshRequested,
  cartReplaced,
  cartUnavailableRemoved,
  loadCart,
  selectCartItems,
} from './cartSlice';

/** Keeps localStorage 'Cart' in step with the cart, and the cart in step with other tabs. */
function* persist() {
  const items: CartLine[] = yield select(selectCartItems);
  yield call(writeJson, CART_KEY, items);
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
  if (items.find((l) => l.id === action.payload.id)?.quantity === 1) yield put(toastShown(t('cart.added'), 'info', getCurrentPath()));
}

/**
 * The cart page's work (the refresh from the shop, the stop list) is loaded with the first event that needs
 * it, so it stays out of the first bundle.
 */
function* startCartPage() {
  const first: { type: string; payload?: unknown } = yield take(cartRefreshRequested.type);
  const page: typeof import('./cartPageSaga') = yield call(() => import('./cartPageSaga'));
  yield fork(page.default, first);
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
  yield fork(startCartPage);
  yield fork(watchOtherTabs);
}
