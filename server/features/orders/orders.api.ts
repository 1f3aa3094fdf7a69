import { fieldByName, placeSchema } from '../../../schemas';
import { badRequest } from '../../errors';
import { checkToken } from '../../api/session';
import { localTime, safeTimeZone } from '../../../schemas/rules/hours';
import { customerOrders, getOrderFor, isOrderPlacement, orderSummary, orderToApi, parseOrderId, placeOrder, selectOrders } from './orders';
import { acquirerFor } from '../payments/public';
import { storeValues } from '../../api/tenant';
import { operationTable } from '../../api/operations';
import { pageOf } from '../../api/input';
import { customerOf } from './customer';

const PLACE_ID = fieldByName(placeSchema, 'id').no;
/** The day of the owner's place orders: a query parameter only, not a stored field. */
const DATE = 688;

const has = (v: string | undefined) => v !== undefined && v !== '';

/**
 * api=orders, one operation per row: a client order (the order form fields, item[id]=qty,
 * idempotency_key, device_id) → `{orders: [<number>]}`; `orderId` → that order of this customer (or any,
 * for the owner); the owner's place orders (p[674_place_id], p[688_date]); otherwise the customer's own list.
 */
export const orders = operationTable([
  {
    name: 'place',
    // Anyone may order: a stale session never fails an order (it is placed anonymously).
    access: 'public',
    when: (ctx) => isOrderPlacement({ raw: ctx.input.raw, items: ctx.input.items, p: ctx.input.p }),
    run: async (ctx) => {
      const { input, store } = ctx;
      const customer = { ...(await customerOf(ctx, { strict: false })), lang: ctx.requestLang };
      // The optional SMS check of the phone: a session token of that number (api=sms_code + api=login).
      const phoneToken = input.raw.phoneNumberToken?.trim();
      if (phoneToken) customer.verifiedPhone = (await checkToken(ctx.db, store, { token: phoneToken }))?.phone ?? null;
      const form = { raw: input.raw, items: input.items, p: input.p };
      const placed = await placeOrder(ctx.db, store, form, customer, { onlinePayments: acquirerFor(store, ctx.services.config.acquiringUrl) !== null });
      return { orders: [placed.id] };
    },
  },
  {
    name: 'one',
    access: 'customer',
    when: (ctx) => has(ctx.input.raw.orderId),
    run: async (ctx) => {
      const who = await customerOf(ctx, { strict: true });
      const row = await getOrderFor(ctx.db, ctx.store.id, parseOrderId(ctx.input.raw.orderId), who);
      return { orders: [orderToApi(row)] };
    },
  },
  {
    name: 'place orders of a day',
    access: 'owner',
    when: (ctx) => ctx.input.p.has(PLACE_ID),
    run: async (ctx) => {
      const { input, store } = ctx;
      const raw = input.p.get(PLACE_ID)!.trim();
      if (!/^\d{1,10}$/.test(raw)) throw badRequest('invalid_input', undefined, ['674_place_id']);
      const date = (input.p.get(DATE) ?? '').trim() || localTime(new Date(), safeTimeZone(storeValues(store).timezone)).date;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw badRequest('invalid_input', undefined, ['688_date']);
      // No place has an id beyond a 32-bit integer column: an empty list on both databases.
      if (Number(raw) > 2_147_483_647) return { orders: [] };
      const rows = await selectOrders(ctx.db, store.id).where('place_id', '=', Number(raw)).where('date', '=', date).orderBy('id', 'desc').limit(500).execute();
      return { orders: rows.map(orderToApi) };
    },
  },
  {
    name: 'own list',
    access: 'customer',
    run: async (ctx) => {
      const who = await customerOf(ctx, { strict: true });
      const rows = await customerOrders(ctx.db, ctx.store.id, who, pageOf(ctx.input));
      return { orders: rows.map(orderSummary) };
    },
  },
]);
