import { call, delay, put, select } from 'redux-saga/effects';
import { lastId } from '../../lib/categories';
import { callWithRetry } from '../../lib/pagedList';
import { categoryPageParams, listKeyOf } from './catalogueApi';
import { draftCounted, encodeFilters, selectDraft, selectParams, type Draft, type ParamsEntry } from './filtersSlice';

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

