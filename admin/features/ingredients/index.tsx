import { lazy } from 'react';
import KitchenOutlined from '@mui/icons-material/KitchenOutlined';
import { ingredientSchema } from '../../../schemas/ingredient';
import type { ResourceDefinition } from '../../components/buildResource';
import { screenRoutes } from '../../components/screenRoutes';

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

export const routes = screenRoutes({
  '/ingredient_settings': IngredientList,
  '/ingredient_settings/ingredient/:ingredientId': IngredientEditor,
  '/ingredients/:categoryPath/:itemId': ItemIngredients,
  '/ingredients/all/:categoryPath/:itemId': IngredientPick,
  '/ingredients/ingredient/:categoryPath/:itemId/:ingredientId': ItemIngredientQuantity,
  // The generic resource's old path leads to the seed's.
  '/ingredients': '/ingredient_settings',
});
