import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** One line of the suggestions (api=suggest): a category or a product. */
export interface Suggestion {
  kind: 'category' | 'offer';
  id: string;
  name: string;
  categoryId?: string;
  price?: number | string;
  thumb?: string | null;
}

/**
 * Suggestions as the shopper types (the search drop-list, loaded with it: suggestFeature.ts): the word they
 * are for, the categories and products, and the query the server searched instead when the word found nothing.
 */
export interface SuggestState {
  word: string;
  items: Suggestion[];
  corrected: string | null;
  status: 'idle' | 'loading' | 'failed';
}

export const suggestSlice = createSlice({
  name: 'suggest',
  initialState: (): SuggestState => ({ word: '', items: [], corrected: null, status: 'idle' }),
  reducers: {
    /** The drop-list shows for this text (typed, or empty on focus). */
    suggestionsWanted(state, action: PayloadAction<string>) {
      const word = action.payload.trim();
      if (word === state.word && state.status !== 'failed') return;
      state.word = word;
      state.status = word ? 'loading' : 'idle';
      if (!word) {
        state.items = [];
        state.corrected = null;
      }
    },
    suggestionsLoaded(state, action: PayloadAction<{ word: string; items: Suggestion[]; corrected: string | null }>) {
      if (action.payload.word !== state.word) return;
      state.items = action.payload.items;
      state.corrected = action.payload.corrected;
      state.status = 'idle';
    },
    suggestionsFailed(state, action: PayloadAction<string>) {
      if (action.payload === state.word) state.status = 'failed';
    },
  },
});

export const { suggestionsWanted, suggestionsLoaded, suggestionsFailed } = suggestSlice.actions;

type S = { suggest?: SuggestState };
const EMPTY: SuggestState = { word: '', items: [], corrected: null, status: 'idle' };
export const selectSuggest = (s: S) => s.suggest ?? EMPTY;
