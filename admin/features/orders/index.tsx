import { lazy } from 'react';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { ResourceDefinition } from '../../components/buildResource';

/** Orders (REST /rest/orders): a list with filters and one order's screen; orders are made by customers only. */
export const orders: ResourceDefinition = {
  name: 'orders',
  list: lazy(() => import('./OrderList')),
  edit: lazy(() => import('./OrderEdit')),
  icon: ReceiptLongOutlined,
  recordRepresentation: (r) => `№ ${r.id}`,
};
