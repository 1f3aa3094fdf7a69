import { lazy } from 'react';
import { Route } from 'react-router';

/** Banners: the seed's /banner_settings list and editor (no react-admin resource; the menu links here). */
const BannerList = lazy(() => import('./BannerList'));
const BannerEditor = lazy(() => import('./BannerEditor'));

export const routes = [
  <Route key="banners" path="/banner_settings" element={<BannerList />} />,
  <Route key="banner" path="/banner_settings/banner/:bannerId" element={<BannerEditor />} />,
];
