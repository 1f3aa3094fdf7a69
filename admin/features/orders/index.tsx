import { lazy, Suspense } from 'react';
import { Route } from 'react-router';
import { OrdersMenuIcon } from './OrdersMenuIcon';
import type { ResourceDefinition } from '../../components/buildResource';

/** Orders (REST /rest/orders): a list with filters and one order's screen; orders are made by customers only. */
export const orders: ResourceDefinition = {
  name: 'orders',
  list: lazy(() => import('./OrderList')),
  edit: lazy(() => import('./OrderEdit')),
  // The menu's icon carries the live count of new orders (LiveOrdersProvider in the shell).
  icon: OrdersMenuIcon,
  recordRepresentation: (r) => `№ ${r.id}`,
};

const OrderPrint = lazy(() => import('./OrderPrint'));

/** Screens outside the panel's layout: the printable order sheet. */
export const bareRoutes = [<Route key="order-print" path="/orders/:id/print" element={<Suspense fallback={null}><OrderPrint /></Suspense>} />];
