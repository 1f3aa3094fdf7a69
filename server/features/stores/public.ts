/** What other features may use of the shop's settings. */
export { createIndexInliner } from './indexInline';
export { createStore, saveStore } from './stores';
