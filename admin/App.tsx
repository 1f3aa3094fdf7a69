import { useMemo, useSyncExternalStore } from 'react';
import { CacheProvider } from '@emotion/react';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import type { AdminProviders } from '../dataProvider/adminProviders';
import { currentLocale, i18nProvider, isRtlLocale, subscribeLocale } from './i18nProvider';
import { LoginPage } from './auth/LoginPage';
import { AdminLayout } from './shell/AdminLayout';
import { NotFoundPage, UnauthorizedPage } from './shell/StatusPages';
import { BARE_ROUTES, RESOURCES, ROUTES } from './features';
import { Dashboard } from './features/dashboard';
import { styleCaches, themeFor } from './theme';

/** Unknown paths of the panel go to /404, as the seed's router does. */
const ToNotFound = () => <Navigate to="/404" replace />;

/** The panel's base path: react-admin's routes live under it in the browser's own history (no hash URLs). */
export const BASENAME = '/admin';

/**
 * The owner's panel at /admin/: react-admin over the api= and REST providers, in a browser data router
 * (react-admin's own default is a hash router; a data router keeps its unsaved-changes blocker working).
 * Updates are not wrapped in transitions: a navigation (to the login page after a failed auth check)
 * must replace the screen at once, not wait behind the old screen's own updates.
 */
export function App({ providers }: { providers: AdminProviders }) {
  const router = useMemo(() => createBrowserRouter([{ path: '*', element: <AdminApp providers={providers} /> }], { basename: BASENAME }), [providers]);
  return <RouterProvider router={router} useTransitions={false} />;
}

/** Left to right, or right to left while the panel speaks Arabic (theme direction and style cache follow the language). */
const useDirection = () => useSyncExternalStore(subscribeLocale, () => (isRtlLocale(currentLocale()) ? 'rtl' : 'ltr'));

function AdminApp({ providers }: { providers: AdminProviders }) {
  const direction = useDirection();
  const theme = useMemo(() => themeFor(direction), [direction]);
  return (
    <CacheProvider value={styleCaches[direction]}>
    <Admin
      title="admin.title"
      dataProvider={providers.dataProvider}
      authProvider={providers.authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={AdminLayout}
      dashboard={Dashboard}
      catchAll={ToNotFound}
      theme={theme}
      disableTelemetry
    >
      {RESOURCES.map((r) => (
        <Resource key={r.name} {...r} />
      ))}
      <CustomRoutes>{ROUTES}</CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/401" element={<UnauthorizedPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        {BARE_ROUTES}
      </CustomRoutes>
    </Admin>
    </CacheProvider>
  );
}
