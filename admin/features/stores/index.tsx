import { lazy } from 'react';
import { screenRoutes } from '../../components/screenRoutes';

/** The shop's settings pages (/settings/{pageName}: common settings, about, delivery, payment, contacts). */
const SettingsPage = lazy(() => import('./SettingsPage'));

export const routes = screenRoutes({ '/settings/:pageName': SettingsPage });
