/** Business rules shared by the server and the storefront: pure, browser-safe, one copy each. */
export * from './hours';
export * from './geo';
export * from './money';
export * from './promo';
export * from './order';
export * from './links';
export * from './zones';
export * from './zoneTerms';
export * from './signIn';
export * from './priceChange';
export * from './listAddress';
