import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { registerOrders } from './orders.rest';
import { registerOrderExport } from './export';
import { startHoldSweep } from './stockHolds';

/**
 * Orders as records: the owner's /rest/orders and their export (csv, xlsx). api=orders is one table of
 * placing (the checkout's) and reading (./orders.api.ts orderReads): the checkout feature registers it.
 */
export const ordersFeature: FastifyPluginAsync = async (app) => {
  await registerRestRoutes(app, ['orders'], (rest) => {
    registerOrderExport(rest, app.services);
    registerOrders(rest, app.services);
  });
  const { config, db } = app.services;
  if (config.holdSweepMs > 0) {
    const sweep = startHoldSweep(db, config.holdSweepMs, (msg, err) => app.log.warn({ err }, msg));
    app.addHook('onClose', () => sweep.stop());
  }
};
