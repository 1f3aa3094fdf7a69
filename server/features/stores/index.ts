import type { FastifyPluginAsync } from 'fastify';
import { stores } from './stores.api';

/** The shop's settings: api=stores. */
export const storesFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ stores });
};
