import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { promo } from './promo.api';
import { registerPromoCodes } from './promoCodes.rest';

/** Promo codes: api=promo (the customer's check); /rest/promo_codes (the owner's). */
export const promoFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ promo });
  await registerRestRoutes(app, ['promo_codes'], (rest) => registerPromoCodes(rest, app.services));
};
