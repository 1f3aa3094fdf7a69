import type { FastifyInstance } from 'fastify';
import { fieldByName, ORDER_STATUSES, orderSchema, validateFields } from '../../../schemas';
import type { AppServices } from '../../api/context';
import { badRequest, notFound } from '../../errors';
import { orderByNumber, orderToApi, selectOrders, updateOrder } from './orders';
import { bodyOf, idFilter, idParam, ownerCall, parseListQuery, requireOwner, restCall, sendList, sortColumn, throwFieldErrors } from '../../rest/common';
import { refundOrder } from '../payments/public';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The registry's field 737: its length and type are checked by the registry's validator, as every REST write's. */
const CANCEL_REASON = fieldByName(orderSchema, 'cancelReason');

/**
 * /rest/orders (owner only): the list with filters `date` (the store's day, YYYY-MM-DD), `status` (one or
 * several), `placeId`, `paymentStatus`, `q` (an order number or a phone's digits); one order (by its number in
 * the shop, the `id` the admin sees); and `PUT` of
 * `status` (the customer gets a notification) or `placeId`. Orders are created by customers (api=orders) only.
 */
export function registerOrders(rest: FastifyInstance, services: AppServices) {
  rest.get('/orders', async (request, reply) => {
    const call = await ownerCall(services, request);
    const q = parseListQuery(request.query);
    const { column, order } = sortColumn(q, { id: 'number', datetime: 'created_at', date: 'date', status: 'status', totalPrice: 'total', placeId: 'place_id' }, 'id');
    const f = q.filter;
    const filtered = (b: ReturnType<typeof selectOrders>) => {
      let x = b;
      const ids = idFilter(f);
      if (ids) x = ids.length ? x.where('number', 'in', ids) : x.where('id', '=', -1);
      if (f.date !== undefined && f.date !== '') {
        if (typeof f.date !== 'string' || !DATE.test(f.date)) throw badRequest('invalid_input', undefined, ['date']);
        x = x.where('date', '=', f.date);
      }
      if (f.status !== undefined && f.status !== '') {
        const statuses = (Array.isArray(f.status) ? f.status : [f.status]).map(String);
        if (statuses.some((s) => !(ORDER_STATUSES as readonly string[]).includes(s))) throw badRequest('invalid_input', undefined, ['status']);
        x = x.where('status', 'in', statuses);
      }
      if (f.paymentStatus !== undefined && f.paymentStatus !== '') x = x.where('payment_status', '=', String(f.paymentStatus));
      if (f.placeId !== undefined && f.placeId !== '' && f.placeId !== null) {
        const n = Number(f.placeId);
        if (!Number.isInteger(n)) throw badRequest('invalid_input', undefined, ['placeId']);
        x = x.where('place_id', '=', n);
      }
      if (typeof f.q === 'string' && f.q.trim()) {
        let digits = f.q.replace(/\D/g, '').slice(0, 16);
        if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
        if (!digits) x = x.where('id', '=', -1);
        else
          x = x.where((eb) =>
            eb.or([
              ...(digits.length <= 9 ? [eb('number', '=', Number(digits))] : []),
              // A phone (stored as E.164 in the order's data), typed with or without its country code.
              ...(digits.length >= 7 ? [0, 1, 2, 3].map((k) => eb('data', 'like', `%"phone":"+${'_'.repeat(k)}${digits}"%`)) : []),
            ]),
          );
      }
      return x;
    };
    const rows = await filtered(selectOrders(services.db, call.store.id)).orderBy(column, order).orderBy('id', order).limit(q.limit).offset(q.start).execute();
    const count = await filtered(selectOrders(services.db, call.store.id))
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return sendList(reply, 'orders', q, rows.map(orderToApi), Number(count?.n ?? 0));
  });

  rest.get('/orders/:id', async (request) => {
    const call = await ownerCall(services, request);
    const row = await orderByNumber(services.db, call.store.id, idParam(request));
    if (!row) throw notFound();
    return orderToApi(row);
  });

  rest.put('/orders/:id', async (request) => {
    const call = await restCall(services, request);
    const owner = requireOwner(call);
    const id = idParam(request);
    const body = bodyOf(request);
    const change: { status?: string; placeId?: number | null; cancelReason?: string | null } = {};
    if (body.status !== undefined) {
      if (typeof body.status !== 'string' || !(ORDER_STATUSES as readonly string[]).includes(body.status)) {
        throw badRequest('invalid_input', undefined, [{ field: 'status', label: 'resources.orders.fields.status', code: 'not_option' }]);
      }
      change.status = body.status;
    }
    // A reason goes with a cancel only (the customer's page, SMS and e-mail say it); blank is none.
    if (body.cancelReason !== undefined && body.cancelReason !== null) {
      if (change.status !== 'cancelled') throw badRequest('invalid_input', undefined, ['cancelReason']);
      // Text only: the registry's varchar validator would take a number as its digits.
      if (typeof body.cancelReason !== 'string') throw badRequest('invalid_input', undefined, [{ field: CANCEL_REASON.name, label: CANCEL_REASON.label, code: 'invalid' }]);
      // Folded to one line first (it goes into an SMS), then the registry's check (its maxLength, blank is none).
      const { values, errors } = validateFields([CANCEL_REASON], { [CANCEL_REASON.name]: body.cancelReason.replace(/\s+/g, ' ') });
      throwFieldErrors(errors);
      change.cancelReason = (values[CANCEL_REASON.name] as string | null) || null;
    }
    if (body.placeId !== undefined) {
      if (body.placeId === null || body.placeId === '') change.placeId = null;
      else if (Number.isInteger(Number(body.placeId)) && Number(body.placeId) > 0) change.placeId = Number(body.placeId);
      else throw badRequest('invalid_input', undefined, ['placeId']);
    }
    // Cancelling an order paid on the site refunds it first (with its 54-FZ positions); a refused refund changes nothing.
    if (change.status === 'cancelled') {
      const row = await orderByNumber(services.db, call.store.id, id);
      if (row && row.status !== 'cancelled') await refundOrder(services.db, call.store, row, services.config.acquiringUrl);
    }
    return orderToApi(await updateOrder(services.db, call.store, id, change, owner));
  });
}
