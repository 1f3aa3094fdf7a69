import { Link as RouterLink } from 'react-router';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useLiveOrders } from './liveOrdersStore';

/** The new orders' list (status 'new'), as the button opens it. */
const NEW_ORDERS = `/orders?filter=${encodeURIComponent(JSON.stringify({ status: ['new'] }))}`;

/**
 * On a phone the menu (and its badge) hides in a drawer: while there are new orders, the app bar shows their
 * count too, as a button to their list. The menu's badge stays the one live region (OrdersMenuIcon).
 */
export default function NewOrdersBarButton() {
  const translate = useTranslate();
  const count = useLiveOrders()?.count ?? 0;
  if (!count) return null;
  const label = translate('admin.orders.live.badge', { count });
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={NEW_ORDERS} color="inherit" aria-label={label} sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
        <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
          <ReceiptLongOutlined />
          <Box
            component="span"
            aria-hidden
            sx={{ position: 'absolute', top: -6, right: -8, minWidth: 18, height: 18, px: 0.5, borderRadius: 9, bgcolor: 'error.main', color: 'error.contrastText', fontSize: 11, fontWeight: 600, lineHeight: '18px', textAlign: 'center' }}
          >
            {count}
          </Box>
        </Box>
      </IconButton>
    </Tooltip>
  );
}
