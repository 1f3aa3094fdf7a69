import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ListError } from '../../lib/pagedList';

import type { InfoPageName } from './pages';

export { INFO_PAGES, type InfoPageName } from './pages';

export interface InfoState {
  pages: Partial<Record<InfoPageName, string>>;
  status: 'idle' | 'loading' | 'failed';
  error: ListError | null;
  loaded: boolean;
  /**
   * The texts came with the server-rendered page (storefront/entry-server.tsx): the info page's first
   * request after hydration takes them instead of fetching; a retry and every later request fetch.
   */
  fromServer?: boolean;
}

const initialState: InfoState = { pages: {}, status: 'idle', error: null, loaded: false };

export const infoSlice = createSlice({
  name: 'info',
  initialState,
  reducers: {
    /** An info page opened (or its retry button): fetch the texts again (but the first time after a server render). */
    infoRequested(state) {
      if (state.fromServer) return;
      state.status = 'loading';
      state.error = null;
    },
    /** The server rendered the page with these texts (entry-server.tsx). */
    infoFromServer(state) {
      state.fromServer = true;
    },
    /** The request that found the server's texts took them: the next one fetches. */
    infoServerTextsTaken(state) {
      state.fromServer = false;
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

export const { infoRequested, infoFromServer, infoServerTextsTaken, infoLoaded, infoFailed } = infoSlice.actions;
export default infoSlice.reducer;

type S = { info: InfoState };
export const selectInfo = (s: S) => s.info;

/** Whether rich text has anything to read (not only empty tags and spaces). */
export const hasContent = (html: string | null | undefined) => !!html && (/<(img|video|iframe)\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '');
