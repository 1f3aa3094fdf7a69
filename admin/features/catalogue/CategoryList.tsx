import { Link as RouterLink } from 'react-router';
import { BooleanField, CreateButton, Datagrid, FunctionField, List, NumberField, SimpleList, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { Box, Chip, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import Add from '@mui/icons-material/Add';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { ROOT_CATEGORY_ID } from '../../../schemas';

const indent = (depth: unknown) => ({ pl: Number(depth ?? 0) * 3 });
/** The route path of a category's parent ('0' on the top level). */
export const parentPathOf = (r: RaRecord) => String(r.path ?? r.id).split('-').slice(0, -1).join('-') || ROOT_CATEGORY_ID;
export const categoryEditorPath = (r: RaRecord) => `/category_editor/${parentPathOf(r)}/${r.id}`;
export const productsOfCategoryPath = (id: unknown) => `/offers?filter=${encodeURIComponent(JSON.stringify({ categoryId: String(id) }))}`;

/** The name, indented by depth; a category hidden from shoppers (by an import or the owner) says so. */
function CategoryName({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ ...indent(record.depth), color: record.hidden ? 'text.secondary' : undefined }}>
      {record.category}
      {record.hidden && <Chip size="small" variant="outlined" color="warning" label={translate('admin.categories.hidden')} sx={{ ml: 1 }} />}
    </Box>
  );
}

function RowActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', whiteSpace: 'nowrap' }} onClick={stop}>
      <Tooltip title={translate('admin.categories.products')}>
        <IconButton size="small" component={RouterLink} to={productsOfCategoryPath(record.id)} aria-label={`${translate('admin.categories.products')}: ${record.category}`}>
          <Inventory2Outlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('admin.categories.filters')}>
        <IconButton size="small" component={RouterLink} to={`/filter_editor/category/${record.path}`} aria-label={`${translate('admin.categories.filters')}: ${record.category}`}>
          <FilterListOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('admin.categories.add_sub')}>
        <IconButton size="small" component={RouterLink} to={`/category_editor/${record.path}/new`} aria-label={`${translate('admin.categories.add_sub')}: ${record.category}`}>
          <Add fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

const Actions = () => (
  <TopToolbar>
    <CreateButton to="/category_editor/0/new" />
  </TopToolbar>
);

/** The category tree (parents before children, indented); a row opens its editor. */
export function CategoryList() {
  const small = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  return (
    <List perPage={10_000} pagination={false} sort={{ field: 'treeIndex', order: 'ASC' }} exporter={false} actions={<Actions />}>
      {small ? (
        <SimpleList primaryText={(r) => <CategoryName record={r} />} rowClick={(_id, _res, r) => categoryEditorPath(r)} />
      ) : (
        <Datagrid rowClick={(_id, _res, r) => categoryEditorPath(r)} bulkActionButtons={false}>
          <FunctionField source="category" sortable={false} render={(r) => <CategoryName record={r} />} />
          <NumberField source="sort" sortable={false} />
          <BooleanField source="end" sortable={false} />
          <FunctionField label="" render={(r) => <RowActions record={r} />} />
        </Datagrid>
      )}
    </List>
  );
}
