import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readJson } from '../../lib/storage';
import type { Offer, OfferCard } from '../../lib/types';

/** The customer's favourite products, kept in localStorage 'favourites' as product cards. */
export const FAVOURITES_KEY = 'favourites';
export const FAVOURITES_MAX = 500;

export interface FavouritesState {
  items: OfferCard[];
  status: 'idle' | 'loading' | 'failed';
}

export function loadFavourites(): OfferCard[] {
  const raw = readJson<unknown>(FAVOURITES_KEY, []);
  return Array.isArray(raw) ? raw.filter((c): c is OfferCard => !!c && typeof c === 'object' && typeof (c as OfferCard).id === 'string').slice(0, FAVOURITES_MAX) : [];
}

/** The card fields of a product (an item page's offer or a list card). */
export function cardOf(item: Offer | OfferCard): OfferCard {
  const images = (item.images ?? []).map((im: unknown) => (typeof im === 'string' ? im : (im as { img: string }).img));
  return {
    id: String(item.id),
    name: item.name,
    price: Number(item.price),
    oldprice: item.oldprice ?? null,
    currencyId: item.currencyId ?? 'RUR',
    categoryId: String(item.categoryId),
    vendor: item.vendor ?? null,
    typePrefix: item.typePrefix ?? null,
    picture: item.picture ?? null,
    thumb: item.thumb ?? null,
    images,
    available: item.available,
  };
}

const favouritesSlice = createSlice({
  name: 'favourites',
  initialState: (): FavouritesState => ({ items: loadFavourites(), status: 'idle' }),
  reducers: {
    /** The heart: adds the product, or takes it out when it is there. */
    favouriteToggled(state, action: PayloadAction<OfferCard>) {
      const i = state.items.findIndex((c) => c.id === action.payload.id);
      if (i >= 0) state.items.splice(i, 1);
      else state.items = [action.payload, ...state.items].slice(0, FAVOURITES_MAX);
    },
    /** The favourites page's trash button. */
    favouriteRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((c) => c.id !== action.payload);
    },
    favouritesReplaced(state, action: PayloadAction<OfferCard[]>) {
      state.items = action.payload;
    },
  },
});

export const { favouriteToggled, favouriteRemoved, favouritesReplaced } = favouritesSlice.actions;
export default favouritesSlice.reducer;

type S = { favourites: FavouritesState };
export const selectFavourites = (s: S) => s.favourites.items;
export const selectIsFavourite = (s: S, id: string) => s.favourites.items.some((c) => c.id === id);
