import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { buildTree, type Category } from '../../lib/categories';
import type { ListError } from '../../lib/pagedList';
import type { StoreSettings } from '../../lib/types';

export interface CategoriesPartial {
  complete: string[];
}

/**
 * The shop itself: its settings (api=stores, the first store) and its category list (api=offers_category);
 * whether the signed-in user is its owner (api=token_check, for the editor buttons); the footer's news
 * subscription form.
 */
export type SubscriptionField = 'name' | 'email';
export type SubscriptionError = 'required' | 'email';

export interface SubscriptionState {
  status: 'idle' | 'loading' | 'failed' | 'done';
  errors: Partial<Record<SubscriptionField, SubscriptionError>>;
  /** A failure that is not a field's (no connection, server error). */
  error: ListError | null;
}

export interface ShopState {
  status: 'idle' | 'loading' | 'failed';
  error: ListError | null;
  store: StoreSettings | null;
  categories: Category[];
  /**
   * Not null: `categories` is only a server-rendered page's first screen (#shop-data's offers_category_partial),
   * `complete` the categories whose children are all in it ('0' the top level). The whole list is asked for
   * once the app is on (shopSaga loadWholeCategories); until it arrives a category path not in the list is
   * pending, not wrong (lib/categories pathState).
   */
  categoriesPartial: CategoriesPartial | null;
  /** Asking for the whole list failed (after its retries): pending pages show the retry panel (components/PathPending). */
  categoriesError: ListError | null;
  loaded: boolean;
  /** The signed-in user is this store's owner (api=token_check answered is_owner '1'). */
  isOwner: boolean;
  subscription: SubscriptionState;
}

const initialState: ShopState = {
  status: 'idle',
  error: null,
  store: null,
  categories: [],
  categoriesPartial: null,
  categoriesError: null,
  loaded: false,
  isOwner: false,
  subscription: { status: 'idle', errors: {}, error: null },
};

const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {
    shopRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    shopLoaded(state, action: PayloadAction<{ store: StoreSettings | null; categories: Category[]; partial?: CategoriesPartial | null }>) {
      state.status = 'idle';
      state.store = action.payload.store;
      state.categories = action.payload.categories;
      state.categoriesPartial = action.payload.partial ?? null;
      state.categoriesError = null;
      state.loaded = true;
    },
    /** The whole category list is asked for (after a partial first list, or the retry of a pending page). */
    categoriesRequested(state) {
      state.categoriesError = null;
    },
    /** The whole category list arrived: the tree is whole. */
    categoriesLoaded(state, action: PayloadAction<Category[]>) {
      state.categories = action.payload;
      state.categoriesPartial = null;
      state.categoriesError = null;
    },
    categoriesFailed(state, action: PayloadAction<ListError>) {
      state.categoriesError = action.payload;
    },
    shopFailed(state, action: PayloadAction<ListError>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** The stored session changed (a sign-in or sign-out here or in the admin of this origin): check it again. */
    sessionChanged() {},
    ownerChecked(state, action: PayloadAction<boolean>) {
      state.isOwner = action.payload;
    },
    subscriptionSubmitted(state, _action: PayloadAction<{ name: string; email: string }>) {
      state.subscription = { status: 'loading', errors: {}, error: null };
    },
    subscriptionSucceeded(state) {
      state.subscription = { status: 'done', errors: {}, error: null };
    },
    subscriptionFailed(state, action: PayloadAction<{ errors?: SubscriptionState['errors']; error?: ListError | null }>) {
      state.subscription = { status: 'failed', errors: action.payload.errors ?? {}, error: action.payload.error ?? null };
    },
    /** The reader edits the form again: its messages go. */
    subscriptionEdited(state, action: PayloadAction<SubscriptionField>) {
      delete state.subscription.errors[action.payload];
      if (state.subscription.status === 'done') state.subscription.status = 'idle';
    },
  },
});

export const {
  shopRequested,
  shopLoaded,
  shopFailed,
  categoriesRequested,
  categoriesLoaded,
  categoriesFailed,
  sessionChanged,
  ownerChecked,
  subscriptionSubmitted,
  subscriptionSucceeded,
  subscriptionFailed,
  subscriptionEdited,
} = shopSlice.actions;
export default shopSlice.reducer;

type S = { shop: ShopState };
export const selectShop = (s: S) => s.shop;
export const selectStore = (s: S) => s.shop.store;
export const selectCategories = (s: S) => s.shop.categories;
export const selectIsOwner = (s: S) => s.shop.isOwner;
export const selectSubscription = (s: S) => s.shop.subscription;
export const selectCategoriesPartial = (s: S) => s.shop.categoriesPartial;
export const selectCategoriesError = (s: S) => s.shop.categoriesError;
export const selectCategoryTree = createSelector(selectCategories, selectCategoriesPartial, (list, partial) => buildTree(list, partial?.complete ?? null));
