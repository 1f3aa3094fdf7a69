import { featureLoaded, type LazyFeature } from '../../app/features';
import infoSaga from './infoSaga';
import { infoSlice } from './infoSlice';

/** Loaded with its pages (app/routes.tsx), not with the first screen. */
const infoFeature: LazyFeature = { slice: infoSlice, saga: infoSaga };
featureLoaded(infoFeature);
export default infoFeature;
