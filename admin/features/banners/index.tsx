import { lazy } from 'react';
import { screenRoutes } from '../../components/screenRoutes';

/** Banners: the seed's /banner_settings list and editor (no react-admin resource; the menu links here). */
const BannerList = lazy(() => import('./BannerList'));
const BannerEditor = lazy(() => import('./BannerEditor'));

export const routes = screenRoutes({
  '/banner_settings': BannerList,
  '/banner_settings/banner/:bannerId': BannerEditor,
});
