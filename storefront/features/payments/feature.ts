import { featureLoaded, type LazyFeature } from '../../app/features';
import paymentSaga from './paymentSaga';
import { paymentSlice } from './paymentSlice';

/** Loaded with its pages (app/routes.tsx), not with the first screen. */
const paymentFeature: LazyFeature = { slice: paymentSlice, saga: paymentSaga };
featureLoaded(paymentFeature);
export default paymentFeature;
