import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { callWithRetry, listErrorOf, listTiming, type RetryTiming } from '../../lib/pagedList';
import { forgetScroll } from '../../lib/scroll';
import { paramsParams } from './catalogueApi';
import {
  DEFAULT_QUERY,
  draftFilterCleared,
  draftSelectToggled,
  draftValueChanged,
  filtersApplied,
  filtersOpened,
  filtersReset,
  paramsFailed,
  paramsLoaded,
  paramsLoading,
  paramsRequested,
  queryApplied,
  selectDraft,
  selectParams,
  type AppliedQuery,
  type Draft,
  type FilterParam,
  type ParamsEntry,
} from './filtersSlice';

function* loadParams(action: PayloadAction<string>) {
  const categoryId = action.payload;
  const entry: ParamsEntry | undefined = yield select(selectParams, categoryId);
  if (entry && ((entry.loaded && !entry.provisional) || entry.status === 'loading') && entry.status !== 'failed') return;
  const timing: RetryTiming = yield* listTiming();
  yield put(paramsLoading(categoryId));
  try {
    const res: { offers_params?: FilterParam[]; provisional?: boolean } = yield call(callWithRetry, 'offers_params', paramsParams(categoryId), timing);
    const items = (Array.isArray(res.offers_params) ? res.offers_params : []).map((p) => ({ ...p, baseId: String(p.baseId), values: p.values ?? [] }));
    yield put(paramsLoaded({ categoryId, items, provisional: res.provisional === true }));
  } catch (e) {
    yield put(paramsFailed({ categoryId, error: listErrorOf(e) }));
  }
}

function* onOpened(action: PayloadAction<{ path: string; categoryId: string }>) {
  yield put(paramsRequested(action.payload.categoryId));
}

function* reset(action: PayloadAction<{ path: string; categoryId: string; query?: AppliedQuery }>) {
  yield call(forgetScroll, `list:c:${action.payload.categoryId}|`);
  yield put(queryApplied({ ...action.payload, query: action.payload.query ?? DEFAULT_QUERY }));
}

/** The filter page's workers (apply, "Показать N товаров") load with that page's first action, not with the first screen. */
const loadPage = () => import('./filterPageSaga');
function* countDraft(): Generator<unknown, void, any> {
  if (!(yield select(selectDraft))) return;
  const m: Awaited<ReturnType<typeof loadPage>> = yield call(loadPage);
  yield* m.countDraft();
}
function* apply(action: PayloadAction<{ path: string; categoryId: string }>): Generator<unknown, void, any> {
  const m: Awaited<ReturnType<typeof loadPage>> = yield call(loadPage);
  yield* m.apply(action);
}

export default function* filtersSaga() {
  yield takeLatest([filtersOpened.type, paramsLoaded.type, draftValueChanged.type, draftSelectToggled.type, draftFilterCleared.type], countDraft);
  yield takeEvery(paramsRequested.type, loadParams);
  yield takeLatest(filtersOpened.type, onOpened);
  yield takeEvery(filtersApplied.type, apply);
  yield takeEvery(filtersReset.type, reset);
}
