import type { FastifyPluginAsync } from 'fastify';
import { innerPush } from './innerPush.api';
import { push } from './push.api';

/** The customer's notifications in the app and push tokens: api=inner_push, push. */
export const pushFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ inner_push: innerPush, push });
};
