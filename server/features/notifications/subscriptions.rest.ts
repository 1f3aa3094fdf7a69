import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subscriptionSchema, validateFields } from '../../../schemas';
import type { AppServices } from '../../api/context';
import { now } from '../../db/database';
import { badRequest, notFound } from '../../errors';
import { bodyOf, idFilter, idParam, ownerCall, parseListQuery, sendList, sortColumn, throwFieldErrors } from '../../rest/common';
import { likePattern } from '../../rest/text';

/** The footer form's messages (seed section 5). */
export const SUBSCRIPTION_MESSAGES = { required: 'The field must be filled', email: 'Enter valid e-mail' } as const;

type SubscriptionRow = { id: number; email: string; created_at: string; data: string };
const toApi = (r: SubscriptionRow) => ({ id: r.id, email: r.email, name: (JSON.parse(r.data).name as string | undefined) ?? '', createdAt: r.created_at });

/** Form fields of a JSON, urlencoded or multipart body. */
async function formOf(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return bodyOf(request);
  const out: Record<string, unknown> = {};
  for await (const part of request.parts({ limits: { fields: 20, files: 0, fieldSize: 10_000 } })) {
    if (part.type === 'field') out[part.fieldname] = String(part.value ?? '');
  }
  return out;
}

/**
 * /rest/subscriptions: anyone subscribes with name and email (a repeat with the same email updates the
 * name); the owner lists and removes them.
 */
export function registerSubscriptions(rest: FastifyInstance, services: AppServices) {
  rest.post('/subscriptions', { config: { rateLimit: { max: 20, timeWindow: 60_000 } } }, async (request, reply) => {
    // Anyone subscribes: no token is needed, and a stale one does not get in the way.
    const store = await services.stores.resolve(request.headers.host);
    if (!store) throw notFound();
    const body = await formOf(request);
    const { values, errors } = validateFields(subscriptionSchema.fields, { name: body.name, email: body.email });
    throwFieldErrors(errors.filter((e) => e.code === 'required'), SUBSCRIPTION_MESSAGES.required);
    if (errors.length) throw badRequest('invalid_input', SUBSCRIPTION_MESSAGES.email, errors);
    const email = String(values.email).toLowerCase();
    const data = JSON.stringify({ name: values.name });
    await services.db
      .insertInto('subscriptions')
      .values({ store_id: store.id, email, created_at: now(), data })
      .onConflict((oc) => oc.columns(['store_id', 'email']).doUpdateSet({ data }))
      .execute();
    const row = await services.db.selectFrom('subscriptions').selectAll().where('store_id', '=', store.id).where('email', '=', email).executeTakeFirstOrThrow();
    reply.code(201);
    return toApi(row);
  });

  rest.get('/subscriptions', async (request, reply) => {
    const call = await ownerCall(services, request);
    const q = parseListQuery(request.query);
    const { column, order } = sortColumn(q, { id: 'id', email: 'email', createdAt: 'created_at' }, 'id');
    const base = () => {
      let x = services.db.selectFrom('subscriptions').where('store_id', '=', call.store.id);
      const ids = idFilter(q.filter);
      if (ids) x = ids.length ? x.where('id', 'in', ids) : x.where('id', '=', -1);
      if (typeof q.filter.q === 'string' && q.filter.q.trim()) x = x.where('email', 'like', likePattern(q.filter.q.toLowerCase()));
      return x;
    };
    const rows = await base().selectAll().orderBy(column, order).orderBy('id', order).limit(q.limit).offset(q.start).execute();
    const count = await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return sendList(reply, 'subscriptions', q, rows.map(toApi), Number(count?.n ?? 0));
  });

  rest.get('/subscriptions/:id', async (request) => {
    const call = await ownerCall(services, request);
    const row = await services.db.selectFrom('subscriptions').selectAll().where('store_id', '=', call.store.id).where('id', '=', idParam(request)).executeTakeFirst();
    if (!row) throw notFound();
    return toApi(row);
  });

  rest.delete('/subscriptions/:id', async (request) => {
    const call = await ownerCall(services, request);
    const id = idParam(request);
    const row = await services.db.selectFrom('subscriptions').selectAll().where('store_id', '=', call.store.id).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    await services.db.deleteFrom('subscriptions').where('store_id', '=', call.store.id).where('id', '=', id).execute();
    return toApi(row);
  });
}
