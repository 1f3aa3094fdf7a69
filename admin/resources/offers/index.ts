import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { ResourceDefinition } from '../buildResource';
import { OfferList } from './OfferList';

/**
 * Products: a custom list (thumbnail, price, availability, category filter, search). Creating and editing
 * happen in the seed's item editor at /item_editor/{categoryPath}/{itemId} (admin/screens/items).
 */
export const offers: ResourceDefinition = {
  name: 'offers',
  list: OfferList,
  icon: Inventory2Outlined,
  recordRepresentation: 'name',
};
