import { featureLoaded, type LazyFeature } from '../../app/features';
import suggestSaga from './suggestSaga';
import { suggestSlice } from './suggestSlice';

/** The suggestions' state and saga, loaded with the search drop-list (SearchBox: on the first focus), not with the first screen. */
const suggestFeature: LazyFeature = { slice: suggestSlice, saga: suggestSaga };
featureLoaded(suggestFeature);
export default suggestFeature;
