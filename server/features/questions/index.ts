import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { registerQuestions } from './questions.rest';

/** Customers' questions about their orders: /rest/questions. */
export const questionsFeature: FastifyPluginAsync = async (app) => {
  await registerRestRoutes(app, ['questions'], (rest) => registerQuestions(rest, app.services));
};
