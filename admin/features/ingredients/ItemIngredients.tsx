import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Authenticated, useDataProvider, useGetList, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Box, CircularProgress, Fab, IconButton, List, ListItem, ListItemIcon, ListItemText, Menu, MenuItem, Paper, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import MoreVert from '@mui/icons-material/MoreVert';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { ROOT_CATEGORY_ID } from '../../../schemas';
import { ConfirmDialog, EditorHeader } from '../../components/EditorParts';
import { useEditorSave } from '../../components/useEditorSave';
import { kilos } from './IngredientList';

/** The paths of an item's ingredient screens. */
export const itemIngredientPaths = (categoryPath: string, itemId: string) => ({
  list: `/ingredients/${categoryPath}/${itemId}`,
  pick: `/ingredients/all/${categoryPath}/${itemId}`,
  quantity: (ingredientId: string | number) => `/ingredients/ingredient/${categoryPath}/${itemId}/${ingredientId}`,
  item: `/item_editor/${categoryPath}/${itemId}`,
});

/** The item's ingredient rows (REST item_ingredients filtered by offerId; each carries the ingredient's name and price). */
export const useItemIngredients = (itemId: string, extra: Record<string, unknown> = {}) =>
  useGetList('item_ingredients', { filter: { offerId: itemId, ...extra }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } });

/** The item's name for the titles (a plain card read; the title stays generic while it loads or if it fails). */
export function useItemName(itemId: string): string | undefined {
  const { data } = useGetOne('offers', { id: itemId }, { retry: false, refetchOnWindowFocus: false });
  return (data?.name ?? data?.title) as string | undefined;
}

function Rows() {
  const { categoryPath = ROOT_CATEGORY_ID, itemId = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const paths = itemIngredientPaths(categoryPath, itemId);
  const itemName = useItemName(itemId);
  const { data = [], isPending } = useItemIngredients(itemId);
  const { busy, askDelete, setAskDelete, run, resultDialog } = useEditorSave();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: RaRecord } | null>(null);
  const [chosen, setChosen] = useState<RaRecord | null>(null);

  async function remove() {
    setAskDelete(false);
    const row = chosen;
    if (!row) return;
    await run(
      async () => {
        await dataProvider.delete('item_ingredients', { id: row.id, previousData: row });
        await queryClient.invalidateQueries({ queryKey: ['item_ingredients'] });
      },
      { toast: 'admin.editor.deleted' },
    );
  }

  const title = itemName ? translate('admin.ingredients.item_title_named', { name: itemName }) : translate('admin.ingredients.item_title');
  return (
    <Box sx={{ maxWidth: 760 }}>
      <EditorHeader
        title={title}
        back={paths.item}
        actions={
          <Tooltip title={translate('admin.ingredients.item_add')}>
            <Fab size="small" color="primary" component={RouterLink} to={paths.pick} aria-label={translate('admin.ingredients.item_add')}>
              <Add />
            </Fab>
          </Tooltip>
        }
      />
      <Paper>
        {isPending ? (
          <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />
        ) : data.length === 0 ? (
          <Typography sx={{ p: 3 }}>{translate('admin.ingredients.item_empty')}</Typography>
        ) : (
          <List aria-label={translate('admin.ingredients.item_title')} disablePadding>
            {data.map((row) => (
              <ListItem
                key={row.id}
                divider
                secondaryAction={
                  <IconButton edge="end" disabled={busy} aria-label={translate('admin.ingredients.row_menu', { name: row.name ?? '' })} aria-haspopup="menu" onClick={(e) => setMenu({ anchor: e.currentTarget, row })}>
                    <MoreVert />
                  </IconButton>
                }
              >
                <ListItemText primary={row.name ?? `#${row.ingredientId}`} secondary={kilos(row.quantity, translate)} sx={{ overflowWrap: 'anywhere' }} />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem component={RouterLink} to={menu ? paths.quantity(menu.row.ingredientId) : paths.list} onClick={() => setMenu(null)}>
          <ListItemIcon>
            <EditOutlined fontSize="small" />
          </ListItemIcon>
          {translate('admin.ingredients.edit_quantity')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setChosen(menu?.row ?? null);
            setMenu(null);
            setAskDelete(true);
          }}
        >
          <ListItemIcon>
            <DeleteOutline fontSize="small" color="error" />
          </ListItemIcon>
          {translate('admin.ingredients.remove_from_item')}
        </MenuItem>
      </Menu>
      <ConfirmDialog open={askDelete} title={translate('admin.ingredients.remove_quest')} text={chosen?.name} confirmLabel={translate('admin.editor.delete')} onConfirm={() => void remove()} onCancel={() => setAskDelete(false)} danger />
      {resultDialog}
    </Box>
  );
}

/**
 * /ingredients/{categoryPath}/{itemId}: the item's ingredients, each with its quantity and a menu to edit
 * the quantity or remove it from the item. Add goes to the pick list; back to the item editor.
 */
export default function ItemIngredients() {
  return (
    <Authenticated>
      <Rows />
    </Authenticated>
  );
}
