import { lazy } from 'react';
import { useAuthState } from 'react-admin';

const DashboardScreen = lazy(() => import('./Dashboard'));

/**
 * The admin's home (react-admin's `dashboard`): the shop's figures with a chart. react-admin renders the
 * dashboard once the sign-in check has settled, even when it failed (on its way to the sign-in page):
 * its chunk loads only for a signed-in owner (the same check, answered from react-admin's query cache).
 */
export function Dashboard() {
  const { authenticated } = useAuthState({ route: 'dashboard' });
  return authenticated ? <DashboardScreen /> : null;
}
