import { call, put, select, takeLatest } from 'redux-saga/effects';
import { callWithRetry, listErrorOf, listTiming, type RetryTiming } from '../../lib/pagedList';
import type { StoreSettings } from '../../lib/types';
import { INFO_PAGES, infoFailed, infoLoaded, infoRequested, infoServerTextsTaken, selectInfo, type InfoPageName, type InfoState } from './infoSlice';

/** Reads the info texts from api=stores (retried like lists; the panel's retry asks again). */
export function* loadInfo() {
  const timing: RetryTiming = yield* listTiming();
  try {
    const res: { stores?: StoreSettings[] } = yield call(callWithRetry, 'stores', {}, timing);
    const store = Array.isArray(res.stores) ? res.stores[0] : undefined;
    const pages: Partial<Record<InfoPageName, string>> = {};
    for (const p of INFO_PAGES) if (typeof store?.[p] === 'string') pages[p] = store[p] as string;
    yield put(infoLoaded(pages));
  } catch (e) {
    yield put(infoFailed(listErrorOf(e)));
  }
}

/** A page's request: the texts the server rendered the page with are taken once (no second fetch on hydration). */
function* onRequested() {
  const info: InfoState = yield select(selectInfo);
  if (info.fromServer) {
    yield put(infoServerTextsTaken());
    return;
  }
  yield call(loadInfo);
}

export default function* infoSaga() {
  yield takeLatest(infoRequested.type, onRequested);
}
