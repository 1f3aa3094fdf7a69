/** What the other features may use of promo (they import nothing else of it). */
export { findPromo, promoError, promoPercent, usePromo, type Promo } from './promo';
