/** What the other features may use of info (they import nothing else of it). */
export { INFO_PAGES } from './pages';
