import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ListError } from '../../lib/pagedList';
import type { Offer, OfferCard } from '../../lib/types';

/** Items opened in this session (api=offers p[478_offer_id]), kept so going back and forth is instant. */
export type ItemError = ListError | 'not_found';
export interface ItemEntry {
  status: 'idle' | 'loading' | 'failed';
  error: ItemError | null;
  item: Offer | null;
  /** A retired item's category's other products (itemSaga), shown under it. */
  related?: OfferCard[];
}
export interface ItemState {
  byId: Record<string, ItemEntry>;
  status: 'idle' | 'loading' | 'failed';
}

const initialState: ItemState = { byId: {}, status: 'idle' };

export const itemSlice = createSlice({
  name: 'item',
  initialState,
  reducers: {
    itemOpened(_state, _action: PayloadAction<string>) {},
    itemRetried(_state, _action: PayloadAction<string>) {},
    itemLoading(state, action: PayloadAction<string>) {
      const prev = state.byId[action.payload];
      state.byId[action.payload] = { status: 'loading', error: null, item: prev?.item ?? null };
      state.status = 'loading';
    },
    itemLoaded(state, action: PayloadAction<Offer>) {
      state.byId[String(action.payload.id)] = { status: 'idle', error: null, item: action.payload };
      state.status = 'idle';
    },
    itemRelated(state, action: PayloadAction<{ id: string; cards: OfferCard[] }>) {
      const entry = state.byId[action.payload.id];
      if (entry) entry.related = action.payload.cards;
    },
    itemFailed(state, action: PayloadAction<{ id: string; error: ItemError }>) {
      const prev = state.byId[action.payload.id];
      state.byId[action.payload.id] = { status: 'failed', error: action.payload.error, item: prev?.item ?? null };
      state.status = 'failed';
    },
  },
});

export const { itemOpened, itemRetried, itemLoading, itemLoaded, itemFailed, itemRelated } = itemSlice.actions;
export default itemSlice.reducer;

type S = { item: ItemState };
export const selectItemEntry = (s: S, id: string): ItemEntry | undefined => s.item.byId[id];
