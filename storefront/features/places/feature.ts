import { featureLoaded, type LazyFeature } from '../../app/features';
import { mapPageSlice } from './mapPageSlice';
import mapSaga from './mapSaga';

/** The /map page's state and saga, loaded with the page (app/routes.tsx), not with the first screen. */
const mapFeature: LazyFeature = { slice: mapPageSlice, saga: mapSaga };
featureLoaded(mapFeature);
export default mapFeature;
