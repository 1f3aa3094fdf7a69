import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { orders } from './orders.api';
import { registerOrders } from './orders.rest';
import { registerOrderExport } from './export';

/** Client orders: api=orders; the owner's /rest/orders and their export (csv, xlsx). */
export const ordersFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ orders });
  await registerRestRoutes(app, ['orders'], (rest) => {
    registerOrderExport(rest, app.services);
    registerOrders(rest, app.services);
  });
};
