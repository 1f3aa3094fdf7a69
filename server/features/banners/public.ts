/** What the other features may use of banners (they import nothing else of it). */
export { listBanners } from './banners';
