import { lazy } from 'react';
import { Route } from 'react-router';

/**
 * The seed's admin screens at their own paths under /admin (custom routes inside the layout). Each screen
 * is its own chunk, loaded when first opened.
 */
const CategoryEditor = lazy(() => import('./categories/CategoryEditor'));
const ItemEditor = lazy(() => import('./items/ItemEditor'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const FilterList = lazy(() => import('./filters/FilterList'));
const FilterEditor = lazy(() => import('./filters/FilterEditor'));
const BannerList = lazy(() => import('./banners/BannerList'));
const BannerEditor = lazy(() => import('./banners/BannerEditor'));

export const screenRoutes = [
  <Route key="category_editor" path="/category_editor/:categoryPath/:categoryId" element={<CategoryEditor />} />,
  <Route key="item_editor" path="/item_editor/:categoryPath/:itemId" element={<ItemEditor />} />,
  <Route key="settings" path="/settings/:pageName" element={<SettingsPage />} />,
  <Route key="filters" path="/filter_editor/category/:categoryPath" element={<FilterList />} />,
  <Route key="filter" path="/filter_editor/category/:categoryPath/filter/:filterId" element={<FilterEditor />} />,
  <Route key="banners" path="/banner_settings" element={<BannerList />} />,
  <Route key="banner" path="/banner_settings/banner/:bannerId" element={<BannerEditor />} />,
];
