/** What the other features may use of cart (they import nothing else of it). */
export { cartTotals, formatRoubles, minSumOf } from './cartLogic';
export { cartCleared, cartLinesUnavailable, cartRefreshRequested, promoChecked, selectCart, selectCartItems, selectCartTotals, selectPromo, type PromoState } from './cartSlice';
export { default as Popup } from './components/Popup';
export { default as UnavailableItemsPopup } from './components/UnavailableItemsPopup';
