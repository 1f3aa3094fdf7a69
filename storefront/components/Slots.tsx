import { createContext, useContext, type ReactNode } from 'react';
import type { Offer, OfferCard } from '../lib/types';

/**
 * Places where one feature shows another feature's control (the favourite heart on a product card, the
 * cart button on the item page). The app fills them (app/App.tsx), so features stay independent.
 */
export interface Slots {
  /** Controls on a product card (favourite toggle). */
  cardActions?: (card: OfferCard) => ReactNode;
  /** The cart control at the foot of a product card. */
  cardCart?: (card: OfferCard) => ReactNode;
  /** Controls under the item's price (add to cart, favourite). */
  itemActions?: (item: Offer) => ReactNode;
  /** Controls in the item page's top bar (favourite). */
  itemTopActions?: (item: Offer) => ReactNode;
}

const SlotsContext = createContext<Slots>({});
export const SlotsProvider = SlotsContext.Provider;
export const useSlots = () => useContext(SlotsContext);
