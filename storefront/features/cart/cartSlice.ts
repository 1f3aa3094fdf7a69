import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readJson } from '../../lib/storage';
import type { CartLine, Offer, OfferCard } from '../../lib/types';
import { cartTotals, cleanQuantityInput } from './cartLogic';

/**
 * The cart: lines kept in localStorage 'Cart' as [{id, categoryId, name, typePrefix, price, quantity,
 * currencyId, images, thumb, isDisabledItem}], refreshed from the shop when the cart opens (current names
 * and prices; unavailable lines flagged). The promo code is a feature of its own (features/promo).
 */
export const CART_KEY = 'Cart';
export const MAX_QUANTITY = 999_999;

export interface CartState {
  items: CartLine[];
  status: 'idle' | 'loading' | 'failed';
  /** 'Некоторые товары в корзине сейчас недоступны …' is open. */
  unavailablePopup: boolean;
}

const isLine = (l: unknown): l is CartLine => !!l && typeof l === 'object' && typeof (l as CartLine).id === 'string' && Number((l as CartLine).quantity) > 0;

export function loadCart(): CartLine[] {
  const raw = readJson<unknown>(CART_KEY, []);
  return Array.isArray(raw) ? raw.filter(isLine).map((l) => ({ ...l, quantity: Math.min(MAX_QUANTITY, Math.floor(Number(l.quantity))) })) : [];
}

export function lineOf(item: Offer | OfferCard): CartLine {
  const images = (item.images ?? []).map((im: unknown) => (typeof im === 'string' ? im : (im as { img: string }).img));
  return {
    id: String(item.id),
    categoryId: String(item.categoryId),
    name: item.name,
    typePrefix: item.typePrefix ?? null,
    price: Number(item.price),
    quantity: 1,
    currencyId: item.currencyId ?? 'RUR',
    images,
    thumb: thumbOf(item),
  };
}

function thumbOf(item: Offer | OfferCard): string | null {
  if (typeof item.thumb === 'string' && item.thumb) return item.thumb;
  const first = (item.images ?? [])[0] as unknown;
  if (first && typeof first === 'object') return (first as { thumb?: string; img?: string }).thumb ?? (first as { img?: string }).img ?? null;
  return typeof first === 'string' ? first : (item.picture ?? null);
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({ items: loadCart(), status: 'idle', unavailablePopup: false }),
  reducers: {
    /** Adds one; an item already in the cart gets one more. */
    cartItemAdded(state, action: PayloadAction<CartLine>) {
      const line = state.items.find((l) => l.id === action.payload.id);
      if (line) line.quantity = Math.min(MAX_QUANTITY, line.quantity + 1);
      else state.items.push({ ...action.payload, quantity: Math.max(1, action.payload.quantity || 1) });
    },
    /** Minus: from 1 the item leaves the cart (the item page's rule). */
    cartItemDecremented(state, action: PayloadAction<string>) {
      const line = state.items.find((l) => l.id === action.payload);
      if (!line) return;
      if (line.quantity <= 1) state.items = state.items.filter((l) => l.id !== action.payload);
      else line.quantity -= 1;
    },
    /** A typed quantity: digits only, at most 6; 0 or empty removes the item. */
    cartQuantitySet(state, action: PayloadAction<{ id: string; quantity: string | number }>) {
      const digits = String(action.payload.quantity).replace(/\D/g, '').slice(0, 6);
      const q = Number(digits || '0');
      if (!q) state.items = state.items.filter((l) => l.id !== action.payload.id);
      else {
        const line = state.items.find((l) => l.id === action.payload.id);
        if (line) line.quantity = q;
      }
    },
    cartItemRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((l) => l.id !== action.payload);
    },
    /** Another tab changed the stored cart. */
    cartReplaced(state, action: PayloadAction<CartLine[]>) {
      state.items = action.payload;
    },

    // ----- the cart page -----
    /** The cart page's plus. */
    cartLineIncremented(state, action: PayloadAction<string>) {
      const line = state.items.find((l) => l.id === action.payload);
      if (line) line.quantity = Math.min(MAX_QUANTITY, line.quantity + 1);
    },
    /** The cart page's minus: never below 1 (the trash button removes a line). */
    cartLineDecremented(state, action: PayloadAction<string>) {
      const line = state.items.find((l) => l.id === action.payload);
      if (line) line.quantity = Math.max(1, line.quantity - 1);
    },
    /** A quantity typed on the cart page: digits only, at most 6; 0 or empty stays until the page is left. */
    cartLineQuantityTyped(state, action: PayloadAction<{ id: string; text: string }>) {
      const line = state.items.find((l) => l.id === action.payload.id);
      if (line) line.quantity = Number(cleanQuantityInput(action.payload.text) || '0');
    },
    /** Leaving the cart page drops the lines left at zero. */
    cartLeft(state) {
      state.items = state.items.filter((l) => l.quantity > 0);
      state.unavailablePopup = false;
    },
    /** The cart page (or the order form) asks the shop for the current cards of the lines. */
    cartRefreshRequested(state) {
      state.status = 'loading';
    },
    /**
     * The current cards (api=offers ids=…) and, with a delivery point, the stop list: names, prices and
     * pictures are updated; a line the shop no longer lists, lists as unavailable or stops is flagged.
     */
    cartRefreshed(state, action: PayloadAction<{ cards: OfferCard[]; stopped?: string[] }>) {
      const cards = new Map(action.payload.cards.map((c) => [String(c.id), c]));
      const stopped = new Set(action.payload.stopped ?? []);
      for (const line of state.items) {
        const card = cards.get(line.id);
        if (card) {
          const fresh = lineOf(card);
          line.name = fresh.name;
          line.typePrefix = fresh.typePrefix;
          line.price = fresh.price;
          line.currencyId = fresh.currencyId;
          line.categoryId = fresh.categoryId;
          if (fresh.images?.length) line.images = fresh.images;
          if (fresh.thumb) line.thumb = fresh.thumb;
        }
        line.isDisabledItem = !card || card.available === '0' || stopped.has(line.id);
      }
      state.status = 'idle';
      state.unavailablePopup = state.items.some((l) => l.isDisabledItem);
    },
    cartRefreshFailed(state) {
      state.status = 'failed';
    },
    /** The server refused an order for these lines (unavailable_items). */
    cartLinesUnavailable(state, action: PayloadAction<string[]>) {
      const ids = new Set(action.payload.map(String));
      for (const line of state.items) if (ids.has(line.id)) line.isDisabledItem = true;
      state.unavailablePopup = state.items.some((l) => l.isDisabledItem);
    },
    /** The popup's 'Удалить': the unavailable lines leave the cart. */
    cartUnavailableRemoved(state) {
      state.items = state.items.filter((l) => !l.isDisabledItem);
      state.unavailablePopup = false;
    },
    cartPopupClosed(state) {
      state.unavailablePopup = false;
    },
    /** After a successful order: an empty cart (and no promo code: features/promo). */
    cartCleared(state) {
      state.items = [];
      state.unavailablePopup = false;
    },

  },
});

export const {
  cartItemAdded,
  cartItemDecremented,
  cartQuantitySet,
  cartItemRemoved,
  cartReplaced,
  cartLineIncremented,
  cartLineDecremented,
  cartLineQuantityTyped,
  cartLeft,
  cartRefreshRequested,
  cartRefreshed,
  cartRefreshFailed,
  cartLinesUnavailable,
  cartUnavailableRemoved,
  cartPopupClosed,
  cartCleared,
} = cartSlice.actions;
export default cartSlice.reducer;

type S = { cart: CartState };
export const selectCartItems = (s: S) => s.cart.items;
export const selectCartCount = (s: S) => s.cart.items.reduce((n, l) => n + l.quantity, 0);
export const selectCartLine = (s: S, id: string) => s.cart.items.find((l) => l.id === id);
export const selectCart = (s: S) => s.cart;
export const selectHasUnavailable = (s: S) => s.cart.items.some((l) => l.isDisabledItem);
/** The promo's percent while the shop has proved the code (state.promo, read by shape: features/promo). */
const selectPromoPercent = (s: { promo?: { status: string; discount: number } }) => (s.promo?.status === 'proved' ? s.promo.discount : 0);
/** The totals shown (goods, the promo's discount while it is proved, the total). */
export const selectCartTotals = createSelector([selectCartItems, selectPromoPercent], (items, percent) => cartTotals(items, percent));
