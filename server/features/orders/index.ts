import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { registerOrders } from './orders.rest';
import { registerOrderExport } from './export';
import { startHoldSweep } from './stockHolds';
import { LiveOrders } from './liveOrders';
import { registerLiveOrders } from './liveOrders.rest';
import type { ServerResponse } from 'node:http';

/**
 * Orders as records: the owner's /rest/orders and their export (csv, xlsx). api=orders is one table of
 * placing (the checkout's) and reading (./orders.api.ts orderReads): the checkout feature registers it.
 * GET /rest/orders/live streams the count of new orders to the owner (./liveOrders.ts).
 */
export const ordersFeature: FastifyPluginAsync = async (app) => {
  const live = new LiveOrders(app.services.db, app.services.config.liveOrdersMs, (msg, err) => app.log.warn({ err }, msg));
  const streams = new Set<ServerResponse>();
  // Open streams would keep the server from closing: they end first (the browser reconnects to another process).
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
    live.stop();
  });
  await registerRestRoutes(app, ['orders'], (rest) => {
    registerLiveOrders(rest, app.services, live, streams);
    registerOrderExport(rest, app.services);
    registerOrders(rest, app.services);
  });
  const { config, db } = app.services;
  if (config.holdSweepMs > 0) {
    const sweep = startHoldSweep(db, config.holdSweepMs, (msg, err) => app.log.warn({ err }, msg));
    app.addHook('onClose', () => sweep.stop());
  }
};
