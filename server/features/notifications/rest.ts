import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../api/context';
import { now } from '../../db/database';
import { notFound } from '../../errors';
import { idParam, ownerCall, parseListQuery, sendList, sortColumn } from '../../rest/common';

type Row = { id: number; event: string; channel: string; recipient: string; subject: string; status: string; attempts: number; next_at: string; last_error: string | null; order_id: number | null; created_at: string; sent_at: string | null };
const toApi = (r: Row) => ({
  id: r.id,
  event: r.event,
  channel: r.channel,
  recipient: r.recipient,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  nextAt: r.status === 'pending' ? r.next_at : null,
  lastError: r.last_error,
  orderId: r.order_id,
  createdAt: r.created_at,
  sentAt: r.sent_at,
});
const COLUMNS = ['id', 'event', 'channel', 'recipient', 'subject', 'status', 'attempts', 'next_at', 'last_error', 'order_id', 'created_at', 'sent_at'] as const;
const STATUSES = ['pending', 'sent', 'failed', 'skipped'];

/**
 * /rest/notifications (owner): the outbox, newest first, filterable by status (pending, sent, failed, skipped: an
 * order SMS over the shop's daily cap), so a message that could not be sent is seen with its error; POST /rest/notifications/:id/retry queues it again.
 */
export function registerNotificationsRest(rest: FastifyInstance, services: AppServices) {
  rest.get('/notifications', async (request, reply) => {
    const call = await ownerCall(services, request);
    const q = parseListQuery(request.query);
    const { column, order } = sortColumn(q, { id: 'id', createdAt: 'created_at', status: 'status' }, 'id');
    const status = typeof q.filter.status === 'string' && STATUSES.includes(q.filter.status) ? q.filter.status : null;
    const base = () => {
      let x = services.db.selectFrom('outbox').where('store_id', '=', call.store.id);
      if (status) x = x.where('status', '=', status);
      return x;
    };
    const rows = await base().select(COLUMNS).orderBy(column, order).orderBy('id', order).limit(q.limit).offset(q.start).execute();
    const count = await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return sendList(reply, 'notifications', q, rows.map(toApi), Number(count?.n ?? 0));
  });

  rest.get('/notifications/:id', async (request) => {
    const call = await ownerCall(services, request);
    const row = await services.db.selectFrom('outbox').select([...COLUMNS, 'body']).where('store_id', '=', call.store.id).where('id', '=', idParam(request)).executeTakeFirst();
    if (!row) throw notFound();
    return { ...toApi(row), body: row.body };
  });

  rest.post('/notifications/:id/retry', async (request) => {
    const call = await ownerCall(services, request);
    const id = idParam(request);
    const done = await services.db
      .updateTable('outbox')
      .set({ status: 'pending', attempts: 0, next_at: now(), last_error: null })
      .where('store_id', '=', call.store.id)
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw notFound();
    const row = await services.db.selectFrom('outbox').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
    return toApi(row);
  });
}
