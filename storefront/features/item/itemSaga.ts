import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { ApiError } from '../../../dataProvider/apiClient';
import { callWithRetry, listErrorOf, listTiming, offersOf, type RetryTiming } from '../../lib/pagedList';
import type { Offer } from '../../lib/types';
import { itemParams } from './itemApi';
import { itemFailed, itemLoaded, itemLoading, itemOpened, itemRetried, selectItemEntry, type ItemEntry } from './itemSlice';

/** Loads one item (exported for the server's render, entry-server.tsx). */
export function* loadItem(id: string) {
  const timing: RetryTiming = yield* listTiming();
  yield put(itemLoading(id));
  try {
    const res: { offers?: unknown } = yield call(callWithRetry, 'offers', itemParams(id), timing);
    const item = offersOf<Offer>(res)[0];
    if (!item) yield put(itemFailed({ id, error: 'not_found' }));
    else yield put(itemLoaded(item));
  } catch (e) {
    const error = e instanceof ApiError && e.status === 404 ? 'not_found' : listErrorOf(e);
    yield put(itemFailed({ id, error }));
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
