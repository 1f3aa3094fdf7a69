import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, getContext, put, takeLatest } from 'redux-saga/effects';
import type { ApiClient } from '../../../dataProvider/apiClient';
import { suggestionsFailed, suggestionsLoaded, suggestionsWanted, type Suggestion } from './suggestSlice';

/** The pause after a keystroke before asking for suggestions (the search itself waits 700 ms: searchSaga). */
export const SUGGEST_DEBOUNCE_MS = 150;

function* suggest(action: PayloadAction<string>) {
  const word = action.payload.trim();
  if (!word) return;
  yield delay(SUGGEST_DEBOUNCE_MS);
  const client: Pick<ApiClient, 'call'> = yield getContext('api');
  try {
    const res: { suggest?: Suggestion[]; corrected?: string } = yield call([client, client.call], 'suggest', { value: word });
    yield put(suggestionsLoaded({ word, items: Array.isArray(res.suggest) ? res.suggest : [], corrected: res.corrected ?? null }));
  } catch {
    yield put(suggestionsFailed(word));
  }
}

export default function* suggestSaga() {
  // A new keystroke cancels the pending request (takeLatest + delay is the debounce).
  yield takeLatest(suggestionsWanted.type, suggest);
}
