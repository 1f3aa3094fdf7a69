/** What other features may use of the shop's settings. */
export { createIndexInliner } from './indexInline';
export { createStore, saveStore } from './stores';
export { systemDomainProver, type DomainProver } from './domains';
export { registerHostCheck } from './noShop';
