import { useState } from 'react';
import { useParams } from 'react-router';
import { Authenticated, useTranslate, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Divider, IconButton, ListSubheader, Menu, MenuItem, Tooltip } from '@mui/material';
import MoreVert from '@mui/icons-material/MoreVert';
import { ORDER_STATUSES } from '../../../schemas';
import { ConfirmDialog } from '../../components/EditorParts';
import { OrderView } from '../orders/OrderView';

/**
 * The header menu of a place's order: 'Отменить платеж' (after a confirmation the order is cancelled:
 * status 'cancelled' through PUT /rest/orders/{id}, which tells the customer) and the other statuses.
 */
function OrderMenu({ order, save, busy }: { order: RaRecord; save: (status: string) => Promise<void>; busy: boolean }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [ask, setAsk] = useState(false);
  const change = async (status: string) => {
    setAnchor(null);
    await save(status);
    await queryClient.invalidateQueries({ queryKey: ['placeOrders'] });
  };
  const paidOnline = order.paymentStatus === 'paid';
  return (
    <>
      <Tooltip title={translate('admin.orders.menu')}>
        <IconButton aria-label={translate('admin.orders.menu')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)} disabled={busy}>
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          disabled={order.status === 'cancelled'}
          onClick={() => {
            setAnchor(null);
            setAsk(true);
          }}
          sx={{ color: 'error.main' }}
        >
          {translate('admin.orders.cancel_payment')}
        </MenuItem>
        <Divider />
        <ListSubheader>{translate('admin.orders.set_status')}</ListSubheader>
        {ORDER_STATUSES.filter((s) => s !== 'cancelled').map((s) => (
          <MenuItem key={s} selected={order.status === s} onClick={() => void change(s)}>
            {translate(`resources.orders.status.${s}`)}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={ask}
        title={translate('admin.orders.cancel_payment_quest')}
        text={translate(paidOnline ? 'admin.orders.cancel_payment_paid' : 'admin.orders.cancel_payment_text')}
        confirmLabel={translate('admin.orders.cancel_payment')}
        onConfirm={() => {
          setAsk(false);
          void change('cancelled');
        }}
        onCancel={() => setAsk(false)}
        danger
      />
    </>
  );
}

/** /place_settings/place/{placeId}/place_orders/{orderId}: the order with the client block, lines and its menu. */
export default function PlaceOrderDetail() {
  const { placeId = '', orderId = '' } = useParams();
  return (
    <Authenticated>
      <OrderView id={orderId} back={(o) => `/place_settings/place/${placeId}/place_orders${o.date ? `?date=${o.date}` : ''}`} menu={(order, save, busy) => <OrderMenu order={order} save={save} busy={busy} />} />
    </Authenticated>
  );
}
