import { lazy } from 'react';

/** The admin's home (react-admin's `dashboard`): the shop's figures with a chart. */
export const Dashboard = lazy(() => import('./Dashboard'));
