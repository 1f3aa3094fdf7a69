/** What the other features may use of cart (they import nothing else of it). */
export { cartCleared, cartLinesUnavailable, cartRefreshRequested, selectCart, selectCartItems, selectCartTotals } from './cartSlice';
export { default as Popup } from './components/Popup';
export { default as UnavailableItemsPopup } from './components/UnavailableItemsPopup';
export type { CartTotals } from './cartLogic';
