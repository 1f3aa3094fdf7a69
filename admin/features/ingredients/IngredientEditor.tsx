import { ingredientSchema } from '../../../schemas';
import { SchemaRecordEditorPage } from '../../components/SchemaRecordEditor';
import { INGREDIENT_LIST } from './IngredientList';

/**
 * /ingredient_settings/ingredient/{ingredientId} ('new' creates): name, quantity (kg) and price from
 * schemas/ingredient.ts with the registry's validation. Remove is hidden for a new one; save and remove
 * both return to /ingredient_settings.
 */
export default function IngredientEditor() {
  return <SchemaRecordEditorPage idParam="ingredientId" resource="ingredients" schema={ingredientSchema} list={INGREDIENT_LIST} texts="admin.ingredients" deleteText="admin.ingredients.delete_text" />;
}
