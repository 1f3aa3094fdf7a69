import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { applyPage, newList, type ListError, type PagedList } from '../../lib/pagedList';
import { readJson } from '../../lib/storage';
import type { OfferCard } from '../../lib/types';

/**
 * Search: the word in the header's input, the remembered words (localStorage 'searchWords': distinct,
 * newest first, at most 10), the drop-list, and the result list of the current word.
 */
export const HISTORY_KEY = 'searchWords';
export const HISTORY_MAX = 10;
export const DROP_LIST_MAX = 7;

export interface SearchState {
  word: string;
  /** Typed and waiting for the 700 ms pause, or the first page on its way: the input's loader. */
  pending: boolean;
  history: string[];
  dropOpen: boolean;
  list: PagedList<OfferCard>;
  status: 'idle' | 'loading' | 'failed';
  /** The query the server searched instead when the word itself found nothing (a typo, the other layout). */
  corrected: { word: string; query: string } | null;
}

export function loadHistory(): string[] {
  const raw = readJson<unknown>(HISTORY_KEY, []);
  return Array.isArray(raw) ? raw.filter((w): w is string => typeof w === 'string' && !!w.trim()).slice(0, HISTORY_MAX) : [];
}

/** Puts a word first; a word already there moves to the front (case-insensitively); at most 10. */
export function addToHistory(history: string[], word: string): string[] {
  const w = word.trim();
  if (!w) return history;
  return [w, ...history.filter((h) => h.toLowerCase() !== w.toLowerCase())].slice(0, HISTORY_MAX);
}

const searchSlice = createSlice({
  name: 'search',
  initialState: (): SearchState => ({ word: '', pending: false, history: loadHistory(), dropOpen: false, list: newList(''), status: 'idle', corrected: null }),
  reducers: {
    /** A keystroke in the search input. */
    searchWordTyped(state, action: PayloadAction<string>) {
      state.word = action.payload;
      state.pending = !!action.payload.trim();
      state.dropOpen = true;
    },
    /** Enter in the input, or a word picked from the history: search at once. */
    searchSubmitted(state, action: PayloadAction<string>) {
      state.word = action.payload;
      state.pending = !!action.payload.trim();
      state.dropOpen = false;
    },
    /** An empty word: no search, no loaders. */
    searchCleared(state) {
      state.word = '';
      state.pending = false;
    },
    historyWordAdded(state, action: PayloadAction<string>) {
      state.history = addToHistory(state.history, action.payload);
    },
    historyWordRemoved(state, action: PayloadAction<string>) {
      state.history = state.history.filter((h) => h !== action.payload);
    },
    /** A suggestion picked (a product or category opens): the typed word's pending search is dropped. */
    suggestionPicked(state) {
      state.dropOpen = false;
      state.pending = false;
    },
    /** The shopper moves into the drop-list (arrows, a touch): the typed word's pending search is dropped, the list stays. */
    suggestionsBrowsed(state) {
      state.pending = false;
    },
    dropListToggled(state, action: PayloadAction<boolean>) {
      state.dropOpen = action.payload;
    },
    /** The search page of a word was opened (also from a link or reload). */
    searchPageOpened(state, action: PayloadAction<string>) {
      state.word = action.payload;
      state.dropOpen = false;
      if (state.list.key === action.payload && state.list.offset >= 1 && state.list.status !== 'failed') state.pending = false;
    },
    searchNextPage() {},
    searchRetried() {},
    searchPageLoading(state, action: PayloadAction<{ word: string; offset: number }>) {
      if (state.list.key !== action.payload.word) state.list = newList(action.payload.word);
      state.list.status = 'loading';
      state.list.error = null;
      state.status = 'loading';
    },
    searchPageLoaded(state, action: PayloadAction<{ word: string; offset: number; items: OfferCard[]; corrected?: string | null }>) {
      if (state.list.key !== action.payload.word) return;
      if (action.payload.offset === 1) state.corrected = action.payload.corrected ? { word: action.payload.word, query: action.payload.corrected } : null;
      applyPage(state.list, action.payload.offset, action.payload.items);
      state.pending = false;
      state.status = 'idle';
    },
    searchPageFailed(state, action: PayloadAction<{ word: string; error: ListError }>) {
      if (state.list.key !== action.payload.word) return;
      state.list.status = 'failed';
      state.list.error = action.payload.error;
      state.pending = false;
      state.status = 'failed';
    },
    searchPageCancelled(state, action: PayloadAction<{ word: string }>) {
      if (state.list.key === action.payload.word && state.list.status === 'loading') {
        state.list.status = 'idle';
        if (state.list.offset === 0) state.list = newList('');
      }
    },
  },
});

export const {
  searchWordTyped,
  searchSubmitted,
  searchCleared,
  historyWordAdded,
  historyWordRemoved,
  dropListToggled,
  suggestionPicked,
  suggestionsBrowsed,
  searchPageOpened,
  searchNextPage,
  searchRetried,
  searchPageLoading,
  searchPageLoaded,
  searchPageFailed,
  searchPageCancelled,
} = searchSlice.actions;
export default searchSlice.reducer;

type S = { search: SearchState };
export const selectSearch = (s: S) => s.search;
export const selectSearchList = (s: S) => s.search.list;
export const selectHistory = (s: S) => s.search.history;
/** The query searched instead of this word, if the word itself found nothing. */
export const selectCorrection = (word: string) => (s: S) => (s.search.corrected?.word === word ? s.search.corrected.query : null);

/** The drop-list: remembered words containing the typed text (all when empty), at most 7. */
export function dropListWords(history: string[], word: string): string[] {
  const w = word.trim().toLowerCase();
  return (w ? history.filter((h) => h.toLowerCase().includes(w) && h.toLowerCase() !== w) : history).slice(0, DROP_LIST_MAX);
}
