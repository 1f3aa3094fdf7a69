import { Badge } from '@mui/material';
import { useTranslate } from 'react-admin';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useLiveOrders } from './liveOrders';

/** The orders' menu icon with the live count of new orders as a badge (hidden at 0, to the eye and to screen readers). */
export function OrdersMenuIcon() {
  const live = useLiveOrders();
  const translate = useTranslate();
  // Nothing heard yet (the stream is connecting): the plain icon.
  if (!live) return <ReceiptLongOutlined />;
  const count = live.count;
  return (
    <Badge
      badgeContent={count}
      max={99}
      color="error"
      // MUI hides every badge from screen readers: this one names the count while there is one.
      slotProps={{ badge: { 'aria-label': translate('admin.orders.live.badge', { count }), role: 'status', 'aria-hidden': count === 0 } as Record<string, unknown> }}
    >
      <ReceiptLongOutlined />
    </Badge>
  );
}
