import { useMemo, useSyncExternalStore } from 'react';
import { CacheProvider } from '@emotion/react';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router';
import { AccessDenied, AdminContext, AuthenticationError, CoreAdminUI, CustomRoutes, Error as ErrorPage, LoadingPage, Resource, localStorageStore } from 'react-admin';
import { CssBaseline } from '@mui/material';
import type { AdminProviders } from '../dataProvider/adminProviders';
import { currentLocale, i18nProvider, isRtlLocale, subscribeLocale } from './i18nProvider';
import { LoginPage } from './auth/LoginPage';
import { AdminLayout } from './shell/AdminLayout';
import { NotFoundPage, UnauthorizedPage } from './shell/StatusPages';
import { Toasts } from './shell/Toasts';
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

/** react-admin's own preference store (the lists' sort, filters, columns), as <Admin> keeps it. */
const store = localStorageStore();

/**
 * react-admin's <Admin> spelled out (AdminContext + CoreAdminUI, as its AdminUI does): <Admin> also brings
 * its default sign-in form (react-hook-form, ~25 KB gzipped) into the first chunk although the panel has
 * its own sign-in page; without it the sign-in page and the dashboard load none of the form code.
 */
function AdminApp({ providers }: { providers: AdminProviders }) {
  const direction = useDirection();
  const theme = useMemo(() => themeFor(direction), [direction]);
  return (
    <CacheProvider value={styleCaches[direction]}>
    <AdminContext dataProvider={providers.dataProvider} authProvider={providers.authProvider} i18nProvider={i18nProvider} store={store} theme={theme}>
    <CssBaseline enableColorScheme>
    <CoreAdminUI
      title="admin.title"
      loginPage={LoginPage}
      layout={AdminLayout}
      dashboard={Dashboard}
      catchAll={ToNotFound}
      loading={LoadingPage}
      error={ErrorPage}
      authenticationError={AuthenticationError}
      accessDenied={AccessDenied}
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
    </CoreAdminUI>
    <Toasts />
    </CssBaseline>
    </AdminContext>
    </CacheProvider>
  );
}
