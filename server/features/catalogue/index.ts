import type { FastifyPluginAsync } from 'fastify';
import { offersCategory } from './categories.api';
import { offers } from './offers.api';
import { offersParams, offersParamsValues } from './params.api';

/** Categories, products and their filters: api=offers_category, offers, offers_params, offers_params_values. */
export const catalogueFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ offers_category: offersCategory, offers, offers_params: offersParams, offers_params_values: offersParamsValues });
};
