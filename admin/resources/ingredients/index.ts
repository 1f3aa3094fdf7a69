import KitchenOutlined from '@mui/icons-material/KitchenOutlined';
import { ingredientSchema } from '../../../schemas';
import { buildResource } from '../buildResource';

/** Ingredients (REST /rest/ingredients): name, quantity in kg and price, straight from the registry. */
export const ingredients = buildResource(ingredientSchema, {
  icon: KitchenOutlined,
  listFields: ['name', 'quantity', 'price'],
  sortable: ['id', 'name'],
  recordRepresentation: 'name',
});
