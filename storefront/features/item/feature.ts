import { featureLoaded, type LazyFeature } from '../../app/features';
import itemSaga from './itemSaga';
import { itemSlice } from './itemSlice';

/** Loaded with its pages (app/routes.tsx), not with the first screen. */
const itemFeature: LazyFeature = { slice: itemSlice, saga: itemSaga };
featureLoaded(itemFeature);
export default itemFeature;
