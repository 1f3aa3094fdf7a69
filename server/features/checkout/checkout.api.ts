import { checkToken } from '../../api/session';
import { acquirerFor } from '../payments/public';
import { customerOf, orderReads } from '../orders/public';
import { operationTable, type Operation } from '../../api/operations';
import { isOrderPlacement } from './checkoutForm';
import { placeOrder } from './placeOrder';

/**
 * A client order (api=orders with the order form fields, item[id]=qty, idempotency_key, device_id) →
 * `{orders: [<number>]}`. Anyone may order: a stale session never fails an order (it is placed anonymously).
 */
export const placeOrderOperation: Operation = {
  name: 'place',
  access: 'public',
  when: (ctx) => isOrderPlacement({ raw: ctx.input.raw, items: ctx.input.items, p: ctx.input.p }),
  run: async (ctx) => {
    const { input, store } = ctx;
    const customer = { ...(await customerOf(ctx, { strict: false })), lang: ctx.requestLang };
    // The optional SMS check of the phone: a session token of that number (api=sms_code + api=login).
    const phoneToken = input.raw.phoneNumberToken?.trim();
    if (phoneToken) customer.verifiedPhone = (await checkToken(ctx.db, store, { token: phoneToken }))?.phone ?? null;
    const form = { raw: input.raw, items: input.items, p: input.p };
    const { config } = ctx.services;
    const placed = await placeOrder(ctx.db, store, form, customer, {
      onlinePayments: acquirerFor(store, config.acquiringUrl) !== null,
      limits: config.anonOrderLimits,
      address: ctx.request.ip,
      holdMinutes: config.anonHoldMinutes,
    });
    return { orders: [placed.id] };
  },
};

/** api=orders, one operation per row: placing an order, then the reads (server/features/orders/orders.api.ts; this feature registers the table, index.ts). */
export const orders = operationTable([placeOrderOperation, ...orderReads]);
