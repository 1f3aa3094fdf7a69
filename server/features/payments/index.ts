import type { FastifyPluginAsync } from 'fastify';
import { sber, sberStatus } from './sber.api';

/** Card payments through the acquirer: api=sber, sber_status. */
export const paymentsFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ sber, sber_status: sberStatus });
};
