import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../api/context';
import { addTopLevelErrorMessage } from './common';
import { registerIngredients } from '../features/ingredients/ingredients.rest';
import { registerItemIngredients } from '../features/ingredients/itemIngredients.rest';
import { registerOrders } from '../features/orders/orders.rest';
import { registerPlaces } from '../features/places/places.rest';
import { registerPromoCodes } from '../features/promo/promo.rest';
import { registerQuestions } from '../features/questions/questions.rest';
import { registerSubscriptions } from '../features/notifications/subscriptions.rest';

/** The REST resources of checkout and the owner's editors, one module each. */
export const CHECKOUT_REST_RESOURCES = ['places', 'promo_codes', 'ingredients', 'item_ingredients', 'orders', 'questions', 'subscriptions'] as const;

export function registerCheckoutRest(rest: FastifyInstance, services: AppServices) {
  addTopLevelErrorMessage(rest);
  registerPlaces(rest, services);
  registerPromoCodes(rest, services);
  registerIngredients(rest, services);
  registerItemIngredients(rest, services);
  registerOrders(rest, services);
  registerQuestions(rest, services);
  registerSubscriptions(rest, services);
}
