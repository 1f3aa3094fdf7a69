import { all, call, put, takeLatest } from 'redux-saga/effects';
import { imgUrl } from '../../lib/config';
import type { Category } from '../../lib/categories';
import { appStarted } from '../../lib/events';
import { callWithRetry, listErrorOf, listTiming, type RetryTiming } from '../../lib/pagedList';
import { applyCustomCss, applyHead, applyTheme } from '../../lib/theme';
import type { StoreSettings } from '../../lib/types';
import { shopFailed, shopLoaded, shopRequested } from './shopSlice';

/** Loads the store settings and the categories together; the retry button of the panel asks again. */
function* loadShop() {
  const timing: RetryTiming = yield* listTiming();
  try {
    const [stores, cats]: [{ stores?: StoreSettings[] }, { offers_category?: Category[] }] = yield all([
      call(callWithRetry, 'stores', {}, timing),
      call(callWithRetry, 'offers_category', {}, timing),
    ]);
    const store = Array.isArray(stores.stores) ? (stores.stores[0] ?? null) : null;
    const categories = Array.isArray(cats.offers_category) ? cats.offers_category : [];
    if (store) {
      yield call(applyTheme, store.colors);
      yield call(applyHead, store.title || store.name, imgUrl(store.favicon) ?? imgUrl(store.logo));
      yield call(applyCustomCss, store.custom_css);
    }
    yield put(shopLoaded({ store, categories }));
  } catch (e) {
    console.warn('store load failed', e);
    yield put(shopFailed(listErrorOf(e)));
  }
}

function* requestShop() {
  yield put(shopRequested());
}

export default function* shopSaga() {
  yield takeLatest(appStarted.type, requestShop);
  yield takeLatest(shopRequested.type, loadShop);
}
