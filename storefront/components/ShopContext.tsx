import { createContext, useContext } from 'react';
import { buildTree, type CategoryTree } from '../lib/categories';
import type { ListError } from '../lib/pagedList';
import type { StoreSettings } from '../lib/types';

/**
 * The shop every page reads (settings and the category tree), handed down by the app (app/App.tsx reads
 * it from features/shop), so features do not import each other.
 */
export interface ShopContextValue {
  store: StoreSettings | null;
  tree: CategoryTree;
  /** The signed-in user is the store's owner: the editor buttons show (components/OwnerTools). */
  isOwner?: boolean;
  /**
   * While the tree is partial: why the whole category list did not come (null while it is on its way) and
   * how to ask again (components/PathPending).
   */
  categories?: { error: ListError | null; retry: () => void };
}

const ShopContext = createContext<ShopContextValue>({ store: null, tree: buildTree([]) });
export const ShopProvider = ShopContext.Provider;
export const useShopContext = () => useContext(ShopContext);

/** A store flag ('1'/'0') of `controls`. */
export const controlOn = (store: StoreSettings | null, name: string) => store?.controls?.[name] === '1';
