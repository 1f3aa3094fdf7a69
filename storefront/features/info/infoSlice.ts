import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ListError } from '../../lib/pagedList';

import type { InfoPageName } from './pages';

export { INFO_PAGES, type InfoPageName } from './pages';

export interface InfoState {
  pages: Partial<Record<InfoPageName, string>>;
  status: 'idle' | 'loading' | 'failed';
  error: ListError | null;
  loaded: boolean;
}

const initialState: InfoState = { pages: {}, status: 'idle', error: null, loaded: false };

export const infoSlice = createSlice({
  name: 'info',
  initialState,
  reducers: {
    /** An info page opened (or its retry button): fetch the texts again. */
    infoRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    infoLoaded(state, action: PayloadAction<Partial<Record<InfoPageName, string>>>) {
      state.pages = action.payload;
      state.status = 'idle';
      state.loaded = true;
    },
    infoFailed(state, action: PayloadAction<ListError>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const { infoRequested, infoLoaded, infoFailed } = infoSlice.actions;
export default infoSlice.reducer;

type S = { info: InfoState };
export const selectInfo = (s: S) => s.info;

/** Whether rich text has anything to read (not only empty tags and spaces). */
export const hasContent = (html: string | null | undefined) => !!html && (/<(img|video|iframe)\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '');
