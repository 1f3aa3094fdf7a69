import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { offersCategory } from './categories.api';
import { offers } from './offers.api';
import { registerOwnerOffersRest } from './ownerOffers.rest';
import { offersParams, offersParamsValues } from './params.api';
import { suggest } from './suggest.api';

/**
 * Categories, products and their filters: api=offers_category, offers, offers_params, offers_params_values, suggest (search suggestions);
 * the owner's product list, bulk actions, picture order and parameter usage under /rest/offers.
 */
export const catalogueFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ offers_category: offersCategory, offers, offers_params: offersParams, offers_params_values: offersParamsValues, suggest });
  await registerRestRoutes(app, ['offers'], (rest) => registerOwnerOffersRest(rest, app.services));
};
