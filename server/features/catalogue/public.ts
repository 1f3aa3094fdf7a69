/** What the other features may use of catalogue (they import nothing else of it). */
export { ancestry } from './ancestry';
export { listCategories } from './categories';
export { readAllCategories } from './categoryFilters';
export { categoryTree } from './categoryTree';
export { OWNER_HIDDEN } from './categoryVisibility';
export { displayNameOf } from './displayName';
export { listOffers } from './offerList';
export { getOffer, offerCard, type OfferImage } from './offerCards';
export { SLOTS, firstFree, loadParams, loadParents, moveParamValues, paramsInScope, rebaseMovedParams, type ParamInfo } from './params';
export { keepsParams, parseOwnerFields, sameValue } from './ownerFields';
export { releaseStock, reserveStock, stockAllows } from './stock';
