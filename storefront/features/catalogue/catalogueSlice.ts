import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { applyPage, newList, type ListError, type PagedList } from '../../lib/pagedList';
import type { Banner, OfferCard } from '../../lib/types';
import { LIST_PAGE_SIZE, type FilterValues, type SortId } from './catalogueApi';
import { inlineBanners } from '../stores/public';
import { queryApplied } from './filtersSlice';

/**
 * The catalogue: product lists of categories (kept per list key so going back shows the same list and
 * scroll position) and the banners of the first category.
 */
export interface CatalogueState {
  lists: Record<string, PagedList<OfferCard>>;
  /** Keys in the order they were opened; the oldest beyond MAX_LISTS are dropped. */
  recent: string[];
  banners: { items: Banner[]; status: 'idle' | 'loading' | 'failed'; loaded: boolean };
  status: 'idle' | 'loading' | 'failed';
}

export const MAX_LISTS = 12;

/** Banners in their order (the owner's sort field). */
export const sortedBanners = (items: Banner[]) => [...items].sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0));

/**
 * The banners the server inlined into the page (inlineShop.ts) are there from the first render, so they do
 * not push the first category's buttons down when they arrive (Lighthouse: layout shift 0.22 on /).
 */
const initialState = (): CatalogueState => {
  const inlined = inlineBanners();
  return {
    lists: {},
    recent: [],
    banners: inlined ? { items: sortedBanners(inlined), status: 'idle', loaded: true } : { items: [], status: 'idle', loaded: false },
    status: 'idle',
  };
};

export interface ListOpened {
  key: string;
  categoryId: string;
  sort?: SortId;
  filters?: FilterValues;
  /** The page the list starts at (its address's page; 1 when left out). */
  first?: number;
}

const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState,
  reducers: {
    /** A list page was opened: show the kept list of this key, or load its page 1. */
    listOpened(_state, _action: PayloadAction<ListOpened>) {},
    /** The reader scrolled near the end of the list. */
    nextPageRequested(_state, _action: PayloadAction<ListOpened>) {},
    /** The no-connection panel's retry: reload from page 1. */
    listRetried(_state, _action: PayloadAction<ListOpened>) {},
    pageLoading(state, action: PayloadAction<{ key: string; offset: number; first?: number }>) {
      const { key, offset, first = 1 } = action.payload;
      let list = state.lists[key];
      if (!list) {
        list = state.lists[key] = newList<OfferCard>(key);
        state.recent = [...state.recent.filter((k) => k !== key), key];
        for (const old of state.recent.splice(0, Math.max(0, state.recent.length - MAX_LISTS))) delete state.lists[old];
      }
      list.status = 'loading';
      list.error = null;
      if (offset <= first) list.end = false;
      state.status = 'loading';
    },
    pageLoaded(state, action: PayloadAction<{ key: string; offset: number; items: OfferCard[]; first?: number }>) {
      const list = state.lists[action.payload.key];
      if (list) applyPage(list, action.payload.offset, action.payload.items, action.payload.first);
      // A page shorter than a full one is the last: no next page to ask for, no link to one (a filtered list
      // of 4 linked to its page 2, a 404).
      if (list && action.payload.items.length < LIST_PAGE_SIZE) list.end = true;
      state.status = 'idle';
    },
    /** The network failed on page 1: the locally cached first page shows while the retries go on. */
    cachedPageShown(state, action: PayloadAction<{ key: string; items: OfferCard[] }>) {
      const list = state.lists[action.payload.key];
      if (!list || list.offset > 1) return;
      list.items = action.payload.items;
      list.offset = 1;
      list.cached = true;
      list.empty = false;
    },
    pageFailed(state, action: PayloadAction<{ key: string; error: ListError }>) {
      const list = state.lists[action.payload.key];
      if (list) {
        list.status = 'failed';
        list.error = action.payload.error;
      }
      state.status = 'failed';
    },
    /** A page load was cancelled (the reader left): the list can load again later. */
    pageCancelled(state, action: PayloadAction<{ key: string }>) {
      const list = state.lists[action.payload.key];
      if (list && list.status === 'loading') list.status = 'idle';
      if (list && list.offset === 0) {
        delete state.lists[action.payload.key];
        state.recent = state.recent.filter((k) => k !== action.payload.key);
      }
      state.status = 'idle';
    },
    bannersRequested(state) {
      state.banners.status = 'loading';
    },
    bannersLoaded(state, action: PayloadAction<Banner[]>) {
      state.banners = { items: action.payload, status: 'idle', loaded: true };
    },
    bannersFailed(state) {
      state.banners.status = 'failed';
      state.banners.loaded = true;
    },
  },
  extraReducers: (b) => {
    // New filters or sort: the category's kept lists go, its list reloads from page 1.
    b.addCase(queryApplied, (state, action) => {
      const prefix = `c:${action.payload.categoryId}|`;
      for (const key of Object.keys(state.lists)) if (key.startsWith(prefix) && state.lists[key].status !== 'loading') delete state.lists[key];
      state.recent = state.recent.filter((k) => k in state.lists);
    });
  },
});

export const { listOpened, nextPageRequested, listRetried, pageLoading, pageLoaded, cachedPageShown, pageFailed, pageCancelled, bannersRequested, bannersLoaded, bannersFailed } =
  catalogueSlice.actions;
export default catalogueSlice.reducer;

type S = { catalogue: CatalogueState };
export const selectList = (s: S, key: string): PagedList<OfferCard> | undefined => s.catalogue.lists[key];
/**
 * The page a list of `baseKey` (listKeyOf with no start) opened at `page` starts at: a kept list that holds
 * that page (the latest opened of them: going back to a list scrolled to page 5 shows it as it was), else the page itself.
 */
export function selectListStart(s: S, baseKey: string, page: number): number {
  const recent = s.catalogue.recent;
  for (let i = recent.length - 1; i >= 0; i--) {
    const k = recent[i];
    if (k !== baseKey && !k.startsWith(`${baseKey}@`)) continue;
    const first = k === baseKey ? 1 : Number(k.slice(baseKey.length + 1));
    const list = s.catalogue.lists[k];
    if (list && first <= page && page <= list.offset) return first;
  }
  return page;
}
export const selectBanners = (s: S) => s.catalogue.banners;
