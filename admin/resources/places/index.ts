import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { placeSchema } from '../../../schemas';
import { buildResource } from '../buildResource';

/**
 * Trade points (REST /rest/places) from the registry. The generic form edits the text fields and the zone
 * colour; the weekly schedule and the delivery zone show read-only until their map editors exist.
 */
export const places = buildResource(placeSchema, {
  icon: PlaceOutlined,
  listFields: ['name', 'city', 'address', 'phone'],
  sortable: ['id', 'name'],
  recordRepresentation: 'name',
});
