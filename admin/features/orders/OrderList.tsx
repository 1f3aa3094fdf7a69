import { Datagrid, DateInput, FunctionField, List, ReferenceField, ReferenceInput, SearchInput, SelectArrayInput, SelectInput, SimpleList, TextField, useTranslate, type RaRecord } from 'react-admin';
import { Box, Chip, Paper, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ORDER_STATUSES } from '../../../schemas';
import { PAYMENT_STATUSES, StatusChip, useDateTime, useMoney, useStatusText } from './orderParts';
import { useOpenedOrders } from './openedOrders';
import { OrderListActions } from './ExportButtons';
import { LtrTextField } from '../../components/Ltr';

const statusChoices = ORDER_STATUSES.map((id) => ({ id, name: `resources.orders.status.${id}` }));
const paymentChoices = PAYMENT_STATUSES.map((id) => ({ id, name: `admin.orders.payment_status.${id}` }));

/**
 * A new order shows up at once through the live stream (liveOrders.tsx refreshes the list); this slow poll
 * only catches status changes made in another tab or by another person.
 */
export const ORDERS_POLL_MS = 60_000;

const filtersOf = (translate: (k: string) => string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={translate('admin.orders.search')} />,
  <DateInput key="date" source="date" label="resources.orders.fields.date" alwaysOn />,
  <SelectArrayInput key="status" source="status" label="resources.orders.fields.status" choices={statusChoices} sx={{ minWidth: 200 }} />,
  <SelectInput key="paymentStatus" source="paymentStatus" label="admin.orders.payment_filter" choices={paymentChoices} sx={{ minWidth: 200 }} />,
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
 * /orders: the shop's orders, newest first (REST /rest/orders), filtered by day, status (several), payment
 * state, place and a number or phone; a row opens the order. The live stream refreshes it on a new order; a new
 * order not opened yet in this browser is marked until it is opened.
 */
export default function OrderList() {
  const small = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  const money = useMoney();
  const dateTime = useDateTime();
  const translate = useTranslate();
  const statusText = useStatusText();
  const { isUnseen } = useOpenedOrders();
  // A new order not opened yet: a tinted row with a 'new' mark (text, not colour alone).
  const rowSx = (r: RaRecord) => (isUnseen(r) ? { bgcolor: 'rgba(25, 118, 210, 0.10)', '& td:first-of-type, & .MuiListItemText-primary': { fontWeight: 600 } } : {});
  const unseenMark = (r: RaRecord) => (isUnseen(r) ? <Chip size="small" color="info" label={translate('admin.orders.unseen')} sx={{ ml: 1 }} /> : null);
  return (
    <List
      filters={filtersOf(translate)}
      actions={<OrderListActions />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<NoOrders />}
      queryOptions={{ refetchInterval: ORDERS_POLL_MS }}
    >
      {small ? (
        <SimpleList
          rowSx={rowSx}
          // The sum floats beside the order's name: a gap so "RUB 14,990" never touches it (either direction).
          sx={{ '& .RaSimpleList-tertiary': { paddingInlineStart: '8px', whiteSpace: 'nowrap' } }}
          primaryText={(r: RaRecord) => (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap' }}>
              {`${translate('admin.orders.order_n', { id: r.id })} · ${r.clientName ?? ''}`}
              {unseenMark(r)}
            </Box>
          )}
          secondaryText={(r: RaRecord) => `${dateTime(r.datetime)} · ${statusText(r.status, r.receiving)}`}
          tertiaryText={(r: RaRecord) => money(r.total)}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false} rowSx={rowSx}>
          <FunctionField
            source="id"
            label="resources.orders.fields.id"
            render={(r: RaRecord) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                № {r.id}
                {unseenMark(r)}
              </Box>
            )}
          />
          <FunctionField source="datetime" label="resources.orders.fields.datetime" render={(r: RaRecord) => dateTime(r.datetime)} />
          <TextField source="clientName" label="resources.orders.fields.clientName" sortable={false} />
          <LtrTextField source="phone" label="resources.orders.fields.phone" sortable={false} />
          <FunctionField source="status" label="resources.orders.fields.status" render={(r: RaRecord) => <StatusChip status={r.status} receiving={r.receiving} />} />
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
