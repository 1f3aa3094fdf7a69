import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { ApiError } from '../../../dataProvider/apiClient';
import { callWithRetry, listErrorOf, listTiming, offersOf, type RetryTiming } from '../../lib/pagedList';
import type { Offer, OfferCard } from '../../lib/types';
import { itemParams } from './itemApi';
import { itemFailed, itemLoaded, itemLoading, itemOpened, itemRelated, itemRetried, selectItemEntry, type ItemEntry } from './itemSlice';
import { isRetired, relatedCards } from './itemView';

/** Loads one item (exported for the server's render, entry-server.tsx). */
export function* loadItem(id: string) {
  const timing: RetryTiming = yield* listTiming();
  yield put(itemLoading(id));
  try {
    const res: { offers?: unknown } = yield call(callWithRetry, 'offers', itemParams(id), timing);
    const item = offersOf<Offer>(res)[0];
    if (!item) yield put(itemFailed({ id, error: 'not_found' }));
    else yield put(itemLoaded(item));
    if (item && isRetired(item)) yield call(loadRelated, id, String(item.categoryId), timing);
  } catch (e) {
    const error = e instanceof ApiError && e.status === 404 ? 'not_found' : listErrorOf(e);
    yield put(itemFailed({ id, error }));
  }
}

/** A retired item's category's first page, shown under it; the page goes without them should it fail. */
function* loadRelated(id: string, categoryId: string, timing: RetryTiming) {
  try {
    const res: { offers?: unknown } = yield call(callWithRetry, 'offers', { offset: 1, 'p[287_categoryId]': categoryId }, timing);
    yield put(itemRelated({ id, cards: relatedCards(offersOf<OfferCard>(res), id) }));
  } catch {
    /* the note and the product show without the list */
  }
}

function* onOpened(action: PayloadAction<string>) {
  const entry: ItemEntry | undefined = yield select(selectItemEntry, action.payload);
  if (entry?.item && entry.status !== 'failed') return;
  yield call(loadItem, action.payload);
}

export default function* itemSaga() {
  yield takeLatest(itemOpened.type, onOpened);
  yield takeLatest(itemRetried.type, (a: PayloadAction<string>) => loadItem(a.payload));
}
