import { lazy } from 'react';
import { Route } from 'react-router';

/** The catalogue import (REST /rest/yml_imports, /rest/yml_schedule): upload or link, progress, report, schedule. */
const YmlImportPage = lazy(() => import('./YmlImportPage'));

export const routes = [<Route key="yml_import" path="/yml_import" element={<YmlImportPage />} />];
