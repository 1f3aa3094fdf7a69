import { lazy } from 'react';
import { Navigate, Route } from 'react-router';
import KitchenOutlined from '@mui/icons-material/KitchenOutlined';
import { ingredientSchema } from '../../../schemas/ingredient';
import type { ResourceDefinition } from '../../components/buildResource';

/**
 * Ingredients (REST /rest/ingredients): registered for their name and icon only. Their screens live at the
 * seed's paths, /ingredient_settings[/ingredient/{id}] and an item's /ingredients/..., built from the same
 * registry schemas; the menu and common_settings link there.
 */
const IngredientList = lazy(() => import('./IngredientList'));
const IngredientEditor = lazy(() => import('./IngredientEditor'));
const ItemIngredients = lazy(() => import('./ItemIngredients'));
const IngredientPick = lazy(() => import('./IngredientPick'));
const ItemIngredientQuantity = lazy(() => import('./ItemIngredientQuantity'));

export const ingredients: ResourceDefinition = {
  name: ingredientSchema.name,
  icon: KitchenOutlined,
  recordRepresentation: 'name',
};

export const routes = [
  <Route key="ingredients" path="/ingredient_settings" element={<IngredientList />} />,
  <Route key="ingredient" path="/ingredient_settings/ingredient/:ingredientId" element={<IngredientEditor />} />,
  <Route key="item_ingredients" path="/ingredients/:categoryPath/:itemId" element={<ItemIngredients />} />,
  <Route key="ingredient_pick" path="/ingredients/all/:categoryPath/:itemId" element={<IngredientPick />} />,
  <Route key="item_ingredient" path="/ingredients/ingredient/:categoryPath/:itemId/:ingredientId" element={<ItemIngredientQuantity />} />,
  // The generic resource's old path leads to the seed's.
  <Route key="ingredients_old" path="/ingredients" element={<Navigate to="/ingredient_settings" replace />} />,
];
