import { Datagrid, DateInput, FunctionField, List, ReferenceField, ReferenceInput, SearchInput, SelectArrayInput, SelectInput, SimpleList, TextField, useTranslate, type RaRecord } from 'react-admin';
import { Paper, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ORDER_STATUSES } from '../../../schemas';
import { StatusChip, useDateTime, useMoney } from './orderParts';
import { OrderListActions } from './ExportButtons';

const statusChoices = ORDER_STATUSES.map((id) => ({ id, name: `resources.orders.status.${id}` }));

const filtersOf = (translate: (k: string) => string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={translate('admin.orders.search')} />,
  <DateInput key="date" source="date" label="resources.orders.fields.date" alwaysOn />,
  <SelectArrayInput key="status" source="status" label="resources.orders.fields.status" choices={statusChoices} sx={{ minWidth: 200 }} />,
  <ReferenceInput key="placeId" source="placeId" reference="places">
    <SelectInput optionText="name" label="resources.orders.fields.placeId" />
  </ReferenceInput>,
];

/** No orders at all yet (the seed's 'No orders found'). */
export function NoOrders() {
  const translate = useTranslate();
  return (
    <Paper sx={{ p: 3, mt: 2, width: '100%' }}>
      <Typography>{translate('admin.orders.empty')}</Typography>
    </Paper>
  );
}

/**
 * /orders: the shop's orders, newest first (REST /rest/orders), filtered by day, status (several), place and
 * a number or phone; a row opens the order.
 */
export default function OrderList() {
  const small = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  const money = useMoney();
  const dateTime = useDateTime();
  const translate = useTranslate();
  return (
    <List filters={filtersOf(translate)} actions={<OrderListActions />} sort={{ field: 'id', order: 'DESC' }} perPage={25} exporter={false} empty={<NoOrders />}>
      {small ? (
        <SimpleList
          primaryText={(r: RaRecord) => `${translate('admin.orders.order_n', { id: r.id })} · ${r.clientName ?? ''}`}
          secondaryText={(r: RaRecord) => `${dateTime(r.datetime)} · ${translate(`resources.orders.status.${r.status}`)}`}
          tertiaryText={(r: RaRecord) => money(r.total)}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField source="id" label="resources.orders.fields.id" render={(r: RaRecord) => `№ ${r.id}`} />
          <FunctionField source="datetime" label="resources.orders.fields.datetime" render={(r: RaRecord) => dateTime(r.datetime)} />
          <TextField source="clientName" label="resources.orders.fields.clientName" sortable={false} />
          <TextField source="phone" label="resources.orders.fields.phone" sortable={false} />
          <FunctionField source="status" label="resources.orders.fields.status" render={(r: RaRecord) => <StatusChip status={r.status} />} />
          <FunctionField source="paymentStatus" label="resources.orders.fields.paymentStatus" sortable={false} render={(r: RaRecord) => translate(`admin.orders.payment_status.${r.paymentStatus}`, { _: String(r.paymentStatus ?? '') })} />
          <ReferenceField source="placeId" reference="places" label="resources.orders.fields.placeId" link={false} emptyText="—" sortable={false}>
            <TextField source="name" />
          </ReferenceField>
          <FunctionField source="totalPrice" label="resources.orders.fields.total" textAlign="right" render={(r: RaRecord) => money(r.total)} />
        </Datagrid>
      )}
    </List>
  );
}
