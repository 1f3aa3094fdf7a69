import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { registerIngredients } from './ingredients.rest';
import { registerItemIngredients } from './itemIngredients.rest';

/** Ingredients and the items made of them: /rest/ingredients, /rest/item_ingredients. */
export const ingredientsFeature: FastifyPluginAsync = async (app) => {
  await registerRestRoutes(app, ['ingredients', 'item_ingredients'], (rest) => {
    registerIngredients(rest, app.services);
    registerItemIngredients(rest, app.services);
  });
};
