import { BooleanField, Datagrid, FunctionField, List, NumberField, ReferenceField, SimpleList, TextField } from 'react-admin';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import { categorySchema } from '../../../schemas';
import { CategorySelectInput } from '../../components/CategorySelectInput';
import { buildResource } from '../buildResource';
import { validatorsFor } from '../validation';

const indent = (depth: unknown) => ({ pl: Number(depth ?? 0) * 3 });

/** Categories in tree order, indented by depth. */
function CategoryList() {
  const small = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  return (
    <List perPage={10_000} pagination={false} sort={{ field: 'treeIndex', order: 'ASC' }} exporter={false}>
      {small ? (
        <SimpleList primaryText={(r) => <Box component="span" sx={indent(r.depth)}>{r.category}</Box>} linkType="edit" />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField source="category" sortable={false} render={(r) => <Box component="span" sx={indent(r.depth)}>{r.category}</Box>} />
          <ReferenceField source="subId" reference="offers_category" link={false} sortable={false} emptyText="—">
            <TextField source="category" />
          </ReferenceField>
          <NumberField source="sort" sortable={false} />
          <BooleanField source="end" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}

export const offersCategory = buildResource(categorySchema, {
  icon: AccountTreeOutlined,
  list: CategoryList,
  recordRepresentation: 'category',
  inputs: {
    subId: (f) => <CategorySelectInput source="subId" label={f.label} validate={validatorsFor(f)} withRoot fullWidth helperText={false} />,
  },
});
