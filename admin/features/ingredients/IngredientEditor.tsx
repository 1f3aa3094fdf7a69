import { useParams } from 'react-router';
import { Authenticated } from 'react-admin';
import { ingredientSchema } from '../../../schemas';
import { SchemaRecordEditor } from '../../components/SchemaRecordEditor';
import { INGREDIENT_LIST } from './IngredientList';

/**
 * /ingredient_settings/ingredient/{ingredientId} ('new' creates): name, quantity (kg) and price from
 * schemas/ingredient.ts with the registry's validation. Remove is hidden for a new one; save and remove
 * both return to /ingredient_settings.
 */
export default function IngredientEditor() {
  const { ingredientId = 'new' } = useParams();
  return (
    <Authenticated>
      <SchemaRecordEditor
        resource="ingredients"
        schema={ingredientSchema}
        id={ingredientId}
        list={INGREDIENT_LIST}
        titleNew="admin.ingredients.new"
        titleEdit="admin.ingredients.edit"
        deleteQuest="admin.ingredients.delete_quest"
        deleteText="admin.ingredients.delete_text"
      />
    </Authenticated>
  );
}
