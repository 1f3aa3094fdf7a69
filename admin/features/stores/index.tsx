import { lazy } from 'react';
import { Route } from 'react-router';

/** The shop's settings pages (/settings/{pageName}: common settings, about, delivery, payment, contacts). */
const SettingsPage = lazy(() => import('./SettingsPage'));

export const routes = [<Route key="settings" path="/settings/:pageName" element={<SettingsPage />} />];
