import KitchenOutlined from '@mui/icons-material/KitchenOutlined';
import { ingredientSchema } from '../../../schemas';
import type { ResourceDefinition } from '../buildResource';

/**
 * Ingredients (REST /rest/ingredients): registered for their name and icon only. Their screens live at the
 * seed's paths, /ingredient_settings[/ingredient/{id}] and an item's /ingredients/... (admin/screens/ingredients),
 * built from the same registry schemas; the menu and common_settings link there.
 */
export const ingredients: ResourceDefinition = {
  name: ingredientSchema.name,
  icon: KitchenOutlined,
  recordRepresentation: 'name',
};
