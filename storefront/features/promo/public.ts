/** What the other features may use of promo (they import nothing else of it). */
export { promoChecked, selectPromo, type PromoState } from './promoSlice';
export { verifyPromo } from './promoChecks';
export { default as PromoInput } from './components/PromoInput';
