import { lazy } from 'react';
import { screenRoutes } from '../../components/screenRoutes';

/** The catalogue import (REST /rest/yml_imports, /rest/yml_schedule): upload or link, progress, report, schedule. */
const YmlImportPage = lazy(() => import('./YmlImportPage'));

export const routes = screenRoutes({ '/yml_import': YmlImportPage });
