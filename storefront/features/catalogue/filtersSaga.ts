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
  encodeFilters,
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
  if (entry && (entry.loaded || entry.status === 'loading') && entry.status !== 'failed') return;
  const timing: RetryTiming = yield* listTiming();
  yield put(paramsLoading(categoryId));
  try {
    const res: { offers_params?: FilterParam[] } = yield call(callWithRetry, 'offers_params', paramsParams(categoryId), timing);
    const items = (Array.isArray(res.offers_params) ? res.offers_params : []).map((p) => ({ ...p, baseId: String(p.baseId), values: p.values ?? [] }));
    yield put(paramsLoaded({ categoryId, items }));
  } catch (e) {
    yield put(paramsFailed({ categoryId, error: listErrorOf(e) }));
  }
}

function* onOpened(action: PayloadAction<{ path: string; categoryId: string }>) {
  yield put(paramsRequested(action.payload.categoryId));
}

function* apply(action: PayloadAction<{ path: string; categoryId: string }>) {
  const { path, categoryId } = action.payload;
  const draft: Draft | null = yield select(selectDraft);
  const entry: ParamsEntry | undefined = yield select(selectParams, categoryId);
  const query = draft && draft.path === path ? { sort: draft.sort, filters: encodeFilters(entry?.items ?? [], draft.values) } : DEFAULT_QUERY;
  yield call(forgetScroll, `list:c:${categoryId}|`);
  yield put(queryApplied({ path, categoryId, query }));
}

function* reset(action: PayloadAction<{ path: string; categoryId: string; query?: AppliedQuery }>) {
  yield call(forgetScroll, `list:c:${action.payload.categoryId}|`);
  yield put(queryApplied({ ...action.payload, query: action.payload.query ?? DEFAULT_QUERY }));
}

/** "Показать N товаров": the count's worker loads with the first change (filterCount.ts), not with the first screen. */
const loadCount = () => import('./filterCount');
function* countDraft(): Generator<unknown, void, any> {
  if (!(yield select(selectDraft))) return;
  const m: Awaited<ReturnType<typeof loadCount>> = yield call(loadCount);
  yield* m.countDraft();
}

export default function* filtersSaga() {
  yield takeLatest([filtersOpened.type, paramsLoaded.type, draftValueChanged.type, draftSelectToggled.type, draftFilterCleared.type], countDraft);
  yield takeEvery(paramsRequested.type, loadParams);
  yield takeLatest(filtersOpened.type, onOpened);
  yield takeEvery(filtersApplied.type, apply);
  yield takeEvery(filtersReset.type, reset);
}
