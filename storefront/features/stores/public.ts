/** What the other features may use of stores (they import nothing else of it). */
export { inlineBanners } from './inlineShop';
export { selectCategoryTree } from './shopSlice';
