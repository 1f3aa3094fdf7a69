/** What the other features may use of share (they import nothing else of it). */
export { default as AddressLink } from './AddressLink';
export { default as CopyButton } from './CopyButton';
export { default as ShareButton } from './ShareButton';
export { default as ShopContacts } from './ShopContacts';
