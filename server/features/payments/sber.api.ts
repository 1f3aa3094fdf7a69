import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { parseOrderId, customerOf } from '../orders/public';
import { paymentStatus, startPayment } from './payments';
import type { Handler } from '../../api/context';

/** The site's origin for the acquirer's return pages: PUBLIC_URL, else the request's own. */
function originOf(request: FastifyRequest, config: Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  return `${request.protocol}://${request.headers.host ?? `localhost:${config.port}`}`;
}

/**
 * api=sber: pay an online order of this customer by card: `orderId` (the order number) →
 * `{formUrl, localOrder, errorMessage}`. The amount is the server's; the client's `amount` and `cart` are ignored.
 */
export const sber: Handler = async (ctx) => {
  const who = await customerOf(ctx, { strict: true });
  const orderId = parseOrderId(ctx.input.raw.orderId ?? ctx.input.raw.localOrder);
  const cfg = ctx.services.config;
  return { ...(await startPayment(ctx.db, ctx.store, orderId, who, { acquiringUrl: cfg.acquiringUrl, origin: originOf(ctx.request, cfg), lang: ctx.customerLang })) };
};

/** api=sber_status: the success/fail page asks whether the order is paid; the acquirer is asked, not the browser. */
export const sberStatus: Handler = async (ctx) => {
  const who = await customerOf(ctx, { strict: true });
  const orderId = parseOrderId(ctx.input.raw.orderId);
  return { ...(await paymentStatus(ctx.db, ctx.store, orderId, who, ctx.services.config.acquiringUrl)) };
};
