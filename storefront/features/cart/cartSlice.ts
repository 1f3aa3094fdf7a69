import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readJson } from '../../lib/storage';
import type { CartLine, Offer, OfferCard } from '../../lib/types';

/**
 * The cart as the shell and the item page need it: lines kept in localStorage 'Cart' as
 * [{id, categoryId, name, typePrefix, price, quantity, currencyId, images}]. (The cart page and checkout
 * are built on top of this by the checkout feature.)
 */
export const CART_KEY = 'Cart';
export const MAX_QUANTITY = 999_999;

export interface CartState {
  items: CartLine[];
  status: 'idle' | 'loading' | 'failed';
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
  };
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({ items: loadCart(), status: 'idle' }),
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
  },
});

export const { cartItemAdded, cartItemDecremented, cartQuantitySet, cartItemRemoved, cartReplaced } = cartSlice.actions;
export default cartSlice.reducer;

type S = { cart: CartState };
export const selectCartItems = (s: S) => s.cart.items;
export const selectCartCount = (s: S) => s.cart.items.reduce((n, l) => n + l.quantity, 0);
export const selectCartLine = (s: S, id: string) => s.cart.items.find((l) => l.id === id);
