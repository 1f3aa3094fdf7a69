import type { PayloadAction } from '@reduxjs/toolkit';
import { call, cancelled, delay, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { NetworkError } from '../../../dataProvider/apiClient';
import { callWithRetry, listErrorOf, listTiming, offersOf, type PagedList, type RetryTiming } from '../../lib/pagedList';
import type { Banner, OfferCard } from '../../lib/types';
import { categoryPageParams } from './catalogueApi';
import { cacheFirstPage, cachedFirstPage } from './listCache';
import {
  bannersFailed,
  cachedPageShown,
  bannersLoaded,
  sortedBanners,
  bannersRequested,
  listOpened,
  listRetried,
  nextPageRequested,
  pageCancelled,
  pageFailed,
  pageLoaded,
  pageLoading,
  selectList,
  type ListOpened,
} from './catalogueSlice';

export type ListQuery = ListOpened;

/**
 * Page 1 with the local cache: the first failure for lack of network shows the cached first page (if
 * any) at once, and the retries go on behind it; an answer replaces it and is cached for next time.
 */
function* loadFirstPage(q: ListQuery, timing: RetryTiming) {
  const params = categoryPageParams(q.categoryId, 1, q.sort, q.filters);
  const cached: OfferCard[] | null = yield call(cachedFirstPage, q.key);
  let res: { offers?: unknown };
  if (!cached || timing.retries < 1) res = yield call(callWithRetry, 'offers', params, timing);
  else {
    try {
      res = yield call(callWithRetry, 'offers', params, { ...timing, retries: 0 });
    } catch (e) {
      if (!(e instanceof NetworkError)) throw e;
      yield put(cachedPageShown({ key: q.key, items: cached }));
      yield delay(timing.delayMs);
      res = yield call(callWithRetry, 'offers', params, { ...timing, retries: timing.retries - 1 });
    }
  }
  const items = offersOf<OfferCard>(res);
  yield call(cacheFirstPage, q.key, items);
  return items;
}

/** Loads one page of a category list: its first page (1, or the N it was opened at) replaces the list, later pages append (lib/pagedList). */
export function* loadCategoryPage(q: ListQuery, offset: number) {
  const timing: RetryTiming = yield* listTiming();
  const first = Math.max(1, q.first ?? 1);
  yield put(pageLoading({ key: q.key, offset, first }));
  try {
    let items: OfferCard[];
    if (offset <= 1) items = yield call(loadFirstPage, q, timing);
    else {
      const res: { offers?: unknown } = yield call(callWithRetry, 'offers', categoryPageParams(q.categoryId, offset, q.sort, q.filters), timing);
      items = offersOf<OfferCard>(res);
    }
    yield put(pageLoaded({ key: q.key, offset, items, first }));
  } catch (e) {
    yield put(pageFailed({ key: q.key, error: listErrorOf(e) }));
  } finally {
    if ((yield cancelled()) as boolean) yield put(pageCancelled({ key: q.key }));
  }
}

function* onListOpened(action: PayloadAction<ListQuery>) {
  const list: PagedList<OfferCard> | undefined = yield select(selectList, action.payload.key);
  // A kept list (going back from an item) shows as it was; a failed, cached or never-loaded one loads page 1.
  if (list && list.offset >= 1 && list.status !== 'failed' && !list.cached) return;
  yield call(loadCategoryPage, action.payload, Math.max(1, action.payload.first ?? 1));
}

function* onNextPage(action: PayloadAction<ListQuery>) {
  const list: PagedList<OfferCard> | undefined = yield select(selectList, action.payload.key);
  if (!list || list.status !== 'idle' || list.end || list.cached || list.offset < 1) return;
  yield call(loadCategoryPage, action.payload, list.offset + 1);
}

function* onRetry(action: PayloadAction<ListQuery>) {
  yield call(loadCategoryPage, action.payload, Math.max(1, action.payload.first ?? 1));
}

function* loadBanners() {
  try {
    const res: { shop_banners?: Banner[] } = yield call(callWithRetry, 'shop_banners', {}, { retries: 0, delayMs: 0 });
    yield put(bannersLoaded(sortedBanners(Array.isArray(res.shop_banners) ? res.shop_banners : [])));
  } catch (e) {
    console.warn('no banner', e);
    yield put(bannersFailed());
  }
}

export default function* catalogueSaga() {
  yield takeLatest([listOpened.type, listRetried.type], function* (action: PayloadAction<ListQuery>) {
    if (action.type === listRetried.type) yield call(onRetry, action);
    else yield call(onListOpened, action);
  });
  yield takeLeading(nextPageRequested.type, onNextPage);
  yield takeLeading(bannersRequested.type, loadBanners);
}
