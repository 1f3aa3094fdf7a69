import { createContext, useContext } from 'react';
import { buildTree, type CategoryTree } from '../lib/categories';
import type { ListError } from '../lib/pagedList';
import type { StoreSettings } from '../lib/types';

/**
 * The shop every page reads (its settings), handed down by the app (app/App.tsx reads it from
 * features/stores), so features do not import each other.
 */
export interface ShopContextValue {
  store: StoreSettings | null;
  /** The signed-in user is the store's owner: the editor buttons show (components/OwnerTools). */
  isOwner?: boolean;
}

const ShopContext = createContext<ShopContextValue>({ store: null });
export const ShopProvider = ShopContext.Provider;
export const useShopContext = () => useContext(ShopContext);

/**
 * The category tree, in a context of its own: on a server-rendered page it becomes whole after hydration
 * (features/stores/shopSaga.ts), and only what reads the tree (the pages, their links) draws again then, not
 * the header, the footer and every card's cart button, which read the settings.
 */
export interface CategoryTreeValue {
  tree: CategoryTree;
  /**
   * While the tree is partial: why the whole category list did not come (null while it is on its way) and
   * how to ask again (components/PathPending).
   */
  categories?: { error: ListError | null; retry: () => void };
}

const CategoryTreeContext = createContext<CategoryTreeValue>({ tree: buildTree([]) });
export const CategoryTreeProvider = CategoryTreeContext.Provider;
export const useCategoryTree = () => useContext(CategoryTreeContext);

/** A store flag ('1'/'0') of `controls`. */
export const controlOn = (store: StoreSettings | null, name: string) => store?.controls?.[name] === '1';
