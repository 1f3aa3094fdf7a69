/** What the other features may use of promo (they import nothing else of it). */
export { checkPromo, findPromo, promoError, usePromo, type Promo } from './promo';
