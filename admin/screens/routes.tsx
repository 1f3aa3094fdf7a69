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
// promo codes and ingredients
const PromoList = lazy(() => import('./promo/PromoList'));
const PromoEditor = lazy(() => import('./promo/PromoEditor'));
const IngredientList = lazy(() => import('./ingredients/IngredientList'));
const IngredientEditor = lazy(() => import('./ingredients/IngredientEditor'));
const ItemIngredients = lazy(() => import('./ingredients/ItemIngredients'));
const IngredientPick = lazy(() => import('./ingredients/IngredientPick'));
const ItemIngredientQuantity = lazy(() => import('./ingredients/ItemIngredientQuantity'));
// YML import (admin/features/yml)
const YmlImportPage = lazy(() => import('../features/yml/YmlImportPage'));

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
  <Route key="promos" path="/promo_settings" element={<PromoList />} />,
  <Route key="promo" path="/promo_settings/code/:codeId" element={<PromoEditor />} />,
  <Route key="ingredients" path="/ingredient_settings" element={<IngredientList />} />,
  <Route key="ingredient" path="/ingredient_settings/ingredient/:ingredientId" element={<IngredientEditor />} />,
  <Route key="item_ingredients" path="/ingredients/:categoryPath/:itemId" element={<ItemIngredients />} />,
  <Route key="ingredient_pick" path="/ingredients/all/:categoryPath/:itemId" element={<IngredientPick />} />,
  <Route key="item_ingredient" path="/ingredients/ingredient/:categoryPath/:itemId/:ingredientId" element={<ItemIngredientQuantity />} />,
  <Route key="yml_import" path="/yml_import" element={<YmlImportPage />} />,
  // The generic resources' old paths lead to the seed's.
  <Route key="promo_old" path="/promo_codes/*" element={<Navigate to="/promo_settings" replace />} />,
  <Route key="ingredients_old" path="/ingredients" element={<Navigate to="/ingredient_settings" replace />} />,
];
