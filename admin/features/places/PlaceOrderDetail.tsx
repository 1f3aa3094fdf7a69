import { useState } from 'react';
import { useParams } from 'react-router';
import { Authenticated, useTranslate, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Divider, IconButton, ListSubheader, Menu, MenuItem, Tooltip } from '@mui/material';
import MoreVert from '@mui/icons-material/MoreVert';
import { ORDER_STATUSES } from '../../../schemas';
import { OrderView } from '../orders/OrderView';
import { useStatusText } from '../orders/orderParts';

/**
 * The header menu of a place's order: 'Отменить платеж' (the order view asks for the reason, then the order
 * is cancelled: status 'cancelled' through PUT /rest/orders/{id}, which tells the customer) and the other statuses.
 */
function OrderMenu({ order, save, busy }: { order: RaRecord; save: (status: string) => Promise<void>; busy: boolean }) {
  const translate = useTranslate();
  const statusText = useStatusText();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const change = async (status: string) => {
    setAnchor(null);
    await save(status);
    await queryClient.invalidateQueries({ queryKey: ['placeOrders'] });
  };
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
          onClick={() => void change('cancelled')}
          sx={{ color: 'error.main' }}
        >
          {translate('admin.orders.cancel_payment')}
        </MenuItem>
        <Divider />
        <ListSubheader>{translate('admin.orders.set_status')}</ListSubheader>
        {ORDER_STATUSES.filter((s) => s !== 'cancelled').map((s) => (
          <MenuItem key={s} selected={order.status === s} onClick={() => void change(s)}>
            {statusText(s, order.receiving)}
          </MenuItem>
        ))}
      </Menu>
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
