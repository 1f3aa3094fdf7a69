import { featureLoaded, type LazyFeature } from '../../app/features';
import orderSaga from './orderSaga';
import { orderSlice } from './orderSlice';

/** Loaded with its pages (app/routes.tsx), not with the first screen. */
const orderFeature: LazyFeature = { slice: orderSlice, saga: orderSaga };
featureLoaded(orderFeature);
export default orderFeature;
