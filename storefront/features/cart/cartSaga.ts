import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import { toastShown } from '../../lib/events';
import { t } from '../../lib/i18n';
import { writeJson } from '../../lib/storage';
import type { CartLine } from '../../lib/types';
import { CART_KEY, cartItemAdded, cartItemDecremented, cartItemRemoved, cartQuantitySet, cartReplaced, loadCart, selectCartItems } from './cartSlice';

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
  if (items.find((l) => l.id === action.payload.id)?.quantity === 1) yield put(toastShown(t('cart.added')));
}

export default function* cartSaga() {
  yield takeEvery(cartItemAdded.type, confirmAdded);
  yield takeEvery([cartItemAdded.type, cartItemDecremented.type, cartQuantitySet.type, cartItemRemoved.type], persist);
  yield fork(watchOtherTabs);
}
