import { lazy } from 'react';
import { Navigate, Route } from 'react-router';

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
// places, their maps and orders
const PlaceList = lazy(() => import('./places/PlaceList'));
const PlaceEditor = lazy(() => import('./places/PlaceEditor'));
const AddressMap = lazy(() => import('./places/map/AddressMap'));
const PolygonMap = lazy(() => import('./places/map/PolygonMap'));
const PlaceOrders = lazy(() => import('./places/PlaceOrders'));
const PlaceOrderDetail = lazy(() => import('./places/PlaceOrderDetail'));

export const screenRoutes = [
  <Route key="category_editor" path="/category_editor/:categoryPath/:categoryId" element={<CategoryEditor />} />,
  <Route key="item_editor" path="/item_editor/:categoryPath/:itemId" element={<ItemEditor />} />,
  <Route key="settings" path="/settings/:pageName" element={<SettingsPage />} />,
  <Route key="filters" path="/filter_editor/category/:categoryPath" element={<FilterList />} />,
  <Route key="filter" path="/filter_editor/category/:categoryPath/filter/:filterId" element={<FilterEditor />} />,
  <Route key="banners" path="/banner_settings" element={<BannerList />} />,
  <Route key="banner" path="/banner_settings/banner/:bannerId" element={<BannerEditor />} />,
  <Route key="places" path="/place_settings" element={<PlaceList />} />,
  <Route key="places_old" path="/places" element={<Navigate to="/place_settings" replace />} />,
  <Route key="place" path="/place_settings/place/:placeId" element={<PlaceEditor />} />,
  <Route key="place_map" path="/map/:placeId" element={<AddressMap />} />,
  <Route key="place_zone" path="/polygon_map/:placeId" element={<PolygonMap />} />,
  <Route key="place_orders" path="/place_settings/place/:placeId/place_orders" element={<PlaceOrders />} />,
  <Route key="place_order" path="/place_settings/place/:placeId/place_orders/:orderId" element={<PlaceOrderDetail />} />,
];
