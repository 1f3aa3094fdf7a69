import type { FastifyInstance } from 'fastify';
import type { AppServices } from './api/context';
import { CHECKOUT_REST_RESOURCES, registerCheckoutRest } from './rest/index';
import { registerNotificationsRest } from './features/notifications';
import { registerDashboardRest } from './features/dashboard/rest';
import { registerOrderExport } from './features/orders/export';
import { registerOwnerOffersRest } from './features/catalogue/ownerOffers.rest';

/**
 * REST resources the seed shows no `api=` call for (places, promo codes, ingredients, orders, questions,
 * subscriptions, YML import jobs), in ra-data-simple-rest's dialect. Each resource registers here.
 */
export function registerRest(rest: FastifyInstance, services: AppServices) {
  registerOrderExport(rest, services);
  registerCheckoutRest(rest, services);
  registerNotificationsRest(rest, services);
  registerDashboardRest(rest, services);
  registerOwnerOffersRest(rest, services);
  rest.get('/', async () => ({ resources: [...CHECKOUT_REST_RESOURCES, 'notifications', 'yml_imports', 'yml_schedule', 'offers'] }));
}
