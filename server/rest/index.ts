import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../api/context';
import { addTopLevelErrorMessage } from './common';
import { registerIngredients } from './ingredients';
import { registerItemIngredients } from './itemIngredients';
import { registerOrders } from './orders';
import { registerPlaces } from './places';
import { registerPromoCodes } from './promoCodes';
import { registerQuestions } from './questions';
import { registerSubscriptions } from './subscriptions';

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
