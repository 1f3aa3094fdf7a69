import type { PayloadAction } from '@reduxjs/toolkit';
import { call, cancelled, delay, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { getCurrentPath, navigateTo } from '../../lib/navigation';
import { callWithRetry, listErrorOf, listTiming, offersOf, type PagedList, type RetryTiming } from '../../lib/pagedList';
import { writeJson } from '../../lib/storage';
import type { OfferCard } from '../../lib/types';
import { searchParams, searchPath } from './searchApi';
import {
  HISTORY_KEY,
  historyWordAdded,
  historyWordRemoved,
  searchCleared,
  searchNextPage,
  searchPageCancelled,
  searchPageFailed,
  searchPageLoaded,
  searchPageLoading,
  searchPageOpened,
  searchRetried,
  searchSubmitted,
  searchWordTyped,
  selectHistory,
  suggestionPicked,
  suggestionsBrowsed,
  selectSearchList,
} from './searchSlice';

/** The pause after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 700;

function* persistHistory() {
  const history: string[] = yield select(selectHistory);
  yield call(writeJson, HISTORY_KEY, history);
}

/** Searches a word: remembers it, goes to its search page (replacing the address on the search page). */
function* search(word: string) {
  const w = word.trim();
  if (!w) {
    yield put(searchCleared());
    return;
  }
  yield put(historyWordAdded(w));
  yield call(persistHistory);
  const onSearchPage = getCurrentPath().startsWith('/search/');
  // The search page loads the word's first page when it shows (searchPageOpened).
  yield call(navigateTo, searchPath(w), { replace: onSearchPage });
}

function* onTyped(action: PayloadAction<string>) {
  if (!action.payload.trim()) {
    yield put(searchCleared());
    return;
  }
  yield delay(SEARCH_DEBOUNCE_MS);
  yield call(search, action.payload);
}

function* onSubmitted(action: PayloadAction<string>) {
  yield call(search, action.payload);
}

export function* loadSearchPage(word: string, offset: number) {
  const timing: RetryTiming = yield* listTiming();
  yield put(searchPageLoading({ word, offset }));
  try {
    const res: { offers?: unknown; corrected?: unknown } = yield call(callWithRetry, 'offers', searchParams(word, offset), timing);
    const corrected = typeof res.corrected === 'string' ? res.corrected : null;
    yield put(searchPageLoaded({ word, offset, items: offersOf<OfferCard>(res), corrected }));
  } catch (e) {
    yield put(searchPageFailed({ word, error: listErrorOf(e) }));
  } finally {
    if ((yield cancelled()) as boolean) yield put(searchPageCancelled({ word }));
  }
}

function* onPageOpened(action: PayloadAction<string>) {
  const list: PagedList<OfferCard> = yield select(selectSearchList);
  if (list.key === action.payload && list.offset >= 1 && list.status !== 'failed') return;
  if (list.key === action.payload && list.status === 'loading') return;
  yield call(loadSearchPage, action.payload, 1);
}

function* onNextPage() {
  const list: PagedList<OfferCard> = yield select(selectSearchList);
  if (!list.key || list.status !== 'idle' || list.end || list.offset < 1) return;
  yield call(loadSearchPage, list.key, list.offset + 1);
}

function* onRetry() {
  const list: PagedList<OfferCard> = yield select(selectSearchList);
  if (list.key) yield call(loadSearchPage, list.key, 1);
}

export default function* searchSaga() {
  // A new keystroke or submit cancels the pending one (takeLatest + delay is the debounce).
  // A suggestion picked or browsed only cancels the typed word's pending search (the list stays while browsed).
  yield takeLatest([searchWordTyped.type, searchSubmitted.type, suggestionPicked.type, suggestionsBrowsed.type], function* (action: PayloadAction<string>) {
    if (action.type === searchSubmitted.type) yield call(onSubmitted, action);
    else if (action.type === searchWordTyped.type) yield call(onTyped, action);
  });
  yield takeLatest([searchPageOpened.type, searchRetried.type], function* (action: PayloadAction<string>) {
    if (action.type === searchRetried.type) yield call(onRetry);
    else yield call(onPageOpened, action);
  });
  yield takeLeading(searchNextPage.type, onNextPage);
  yield takeLatest(historyWordRemoved.type, persistHistory);
}
