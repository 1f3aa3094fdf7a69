import type { FastifyPluginAsync } from 'fastify';
import { orders } from './checkout.api';

/**
 * Checkout: api=orders, one table of operations: placing an order (./placeOrder.ts, decided by
 * schemas/rules/checkout.ts checkOrder) and the reads the orders feature offers (orders/public.ts orderReads).
 */
export const checkoutFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ orders });
};
