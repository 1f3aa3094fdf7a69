import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { registerDashboardRest } from './rest';

/** The admin's home figures: /rest/dashboard. */
export const dashboardFeature: FastifyPluginAsync = async (app) => {
  await registerRestRoutes(app, [], (rest) => registerDashboardRest(rest, app.services));
};
