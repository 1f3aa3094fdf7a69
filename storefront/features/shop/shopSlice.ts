import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { buildTree, type Category } from '../../lib/categories';
import type { ListError } from '../../lib/pagedList';
import type { StoreSettings } from '../../lib/types';

/** The shop itself: its settings (api=stores, the first store) and its category list (api=offers_category). */
export interface ShopState {
  status: 'idle' | 'loading' | 'failed';
  error: ListError | null;
  store: StoreSettings | null;
  categories: Category[];
  loaded: boolean;
}

const initialState: ShopState = { status: 'idle', error: null, store: null, categories: [], loaded: false };

const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {
    shopRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    shopLoaded(state, action: PayloadAction<{ store: StoreSettings | null; categories: Category[] }>) {
      state.status = 'idle';
      state.store = action.payload.store;
      state.categories = action.payload.categories;
      state.loaded = true;
    },
    shopFailed(state, action: PayloadAction<ListError>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const { shopRequested, shopLoaded, shopFailed } = shopSlice.actions;
export default shopSlice.reducer;

type S = { shop: ShopState };
export const selectShop = (s: S) => s.shop;
export const selectStore = (s: S) => s.shop.store;
export const selectCategories = (s: S) => s.shop.categories;
export const selectCategoryTree = createSelector(selectCategories, (list) => buildTree(list));
