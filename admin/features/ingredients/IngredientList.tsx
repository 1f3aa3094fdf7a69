import { Link as RouterLink, useLocation } from 'react-router';
import { Authenticated, useGetList, useTranslate } from 'react-admin';
import { Box, CircularProgress, Fab, List, ListItemButton, ListItemText, Paper, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { EditorHeader } from '../../components/EditorParts';

export const INGREDIENT_LIST = '/ingredient_settings';

/** '1.5 кг.': a quantity with the seed's unit. */
export const kilos = (quantity: unknown, translate: (k: string) => string) => `${quantity ?? 0} ${translate('admin.ingredients.kg')}`;

function Ingredients() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { data = [], isPending } = useGetList('ingredients', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const base = pathname.replace(/\/+$/, '') || INGREDIENT_LIST;
  return (
    <Box sx={{ maxWidth: 760 }}>
      <EditorHeader
        title={translate('admin.ingredients.title')}
        back="/settings/common_settings"
        actions={
          <Tooltip title={translate('admin.ingredients.add')}>
            <Fab size="small" color="primary" component={RouterLink} to={`${base}/ingredient/new`} aria-label={translate('admin.ingredients.add')}>
              <Add />
            </Fab>
          </Tooltip>
        }
      />
      <Paper>
        {isPending ? (
          <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />
        ) : data.length === 0 ? (
          <Typography sx={{ p: 3 }}>{translate('admin.ingredients.ingredient_not_found')}</Typography>
        ) : (
          <List aria-label={translate('admin.ingredients.title')} disablePadding>
            {data.map((i) => (
              <ListItemButton key={i.id} component={RouterLink} to={`${INGREDIENT_LIST}/ingredient/${i.id}`} divider>
                {/* The seed's row: the name, then the quantity followed by 'кг.'. */}
                <ListItemText primary={i.name} secondary={translate('admin.ingredients.price_each', { price: i.price ?? 0 })} sx={{ overflowWrap: 'anywhere' }} />
                <Typography sx={{ flexShrink: 0, ml: 2, fontVariantNumeric: 'tabular-nums' }}>{kilos(i.quantity, translate)}</Typography>
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}

/** /ingredient_settings: the shop's ingredients, each 'name quantity кг.'; back goes to /settings/common_settings. */
export default function IngredientList() {
  return (
    <Authenticated>
      <Ingredients />
    </Authenticated>
  );
}
