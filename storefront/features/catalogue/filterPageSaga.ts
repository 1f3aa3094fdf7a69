import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, put, select } from 'redux-saga/effects';
import { lastId } from '../../lib/categories';
import { callWithRetry } from '../../lib/pagedList';
import { forgetScroll } from '../../lib/scroll';
import { categoryPageParams, listKeyOf } from './catalogueApi';
import { DEFAULT_QUERY, draftCounted, queryApplied, selectDraft, selectParams, type Draft, type ParamsEntry } from './filtersSlice';
import { encodeFilters } from './filterValues';

/** After a change to the draft settles: how many products the list would show with it ("Показать N товаров"). */
export const COUNT_DEBOUNCE_MS = 300;

export function* countDraft() {
  yield delay(COUNT_DEBOUNCE_MS);
  const draft: Draft | null = yield select(selectDraft);
  if (!draft) return;
  const categoryId = lastId(draft.path);
  const entry: ParamsEntry | undefined = yield select(selectParams, categoryId);
  if (!entry?.loaded) return;
  const filters = encodeFilters(entry.items, draft.values);
  const key = listKeyOf(categoryId, 'default', filters);
  try {
    const { offset: _page, ...params } = categoryPageParams(categoryId, 1, 'default', filters);
    const res: { count?: number; more?: boolean } = yield call(callWithRetry, 'offers', { ...params, count: 1 });
    if (typeof res.count === 'number') yield put(draftCounted({ key, count: res.count, more: res.more === true }));
  } catch {
    // No count: the button says "Применить".
  }
}

/** Apply: the draft becomes the path's list query. */
export function* apply(action: PayloadAction<{ path: string; categoryId: string }>) {
  const { path, categoryId } = action.payload;
  const draft: Draft | null = yield select(selectDraft);
  const entry: ParamsEntry | undefined = yield select(selectParams, categoryId);
  const query = draft && draft.path === path ? { sort: draft.sort, filters: encodeFilters(entry?.items ?? [], draft.values) } : DEFAULT_QUERY;
  yield call(forgetScroll, `list:c:${categoryId}|`);
  yield put(queryApplied({ path, categoryId, query }));
}
