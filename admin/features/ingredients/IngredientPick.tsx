import { Link as RouterLink, useParams } from 'react-router';
import { useGetList, useTranslate } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import { ROOT_CATEGORY_ID } from '../../../schemas';
import { ScreenList, authenticated } from '../../components/ScreenList';
import { INGREDIENT_LIST, kilos } from './IngredientList';
import { itemIngredientPaths, useItemIngredients } from './ItemIngredients';

function Pick() {
  const { categoryPath = ROOT_CATEGORY_ID, itemId = '' } = useParams();
  const translate = useTranslate();
  const paths = itemIngredientPaths(categoryPath, itemId);
  const { data: all = [], isPending } = useGetList('ingredients', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const { data: present = [] } = useItemIngredients(itemId);
  const inItem = new Map(present.map((r) => [String(r.ingredientId), r]));
  return (
    <ScreenList
      title={translate('admin.ingredients.pick_title')}
      back={paths.list}
      maxWidth={760}
      rows={all}
      isPending={isPending}
      empty={
        <Box sx={{ p: 3 }}>
          <Typography gutterBottom>{translate('admin.ingredients.pick_empty')}</Typography>
          <Button component={RouterLink} to={`${INGREDIENT_LIST}/ingredient/new`} variant="outlined">
            {translate('admin.ingredients.add')}
          </Button>
        </Box>
      }
      row={(i) => {
        const row = inItem.get(String(i.id));
        return {
          key: i.id,
          to: paths.quantity(i.id),
          primary: i.name,
          secondary: row ? translate('admin.ingredients.in_item', { quantity: row.quantity }) : translate('admin.ingredients.price_each', { price: i.price ?? 0 }),
          end: <Typography sx={{ flexShrink: 0, ml: 2, color: 'text.secondary' }}>{kilos(i.quantity, translate)}</Typography>,
        };
      }}
    />
  );
}

/**
 * /ingredients/all/{categoryPath}/{itemId}: every ingredient of the shop to choose from (those the item has
 * already show their quantity); a row opens the quantity page of that ingredient for this item.
 */
export default authenticated(Pick);
