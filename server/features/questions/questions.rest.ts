import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countDaily } from '../../lib/dailyCount';
import { questionSchema } from '../../../schemas';
import type { AppServices } from '../../api/context';
import { now } from '../../db/database';
import { ApiError, badRequest, notFound, serverText } from '../../errors';
import { shopLang } from '../../api/tenant';
import { notify, enqueueQuestion } from '../notifications/public';
import { deviceIdOf, orderByNumber, ownsOrder, parseOrderId } from '../orders/public';
import { dropPending, keepPending, type QuestionPictures } from './attachments';
import { bodyOf, checkWrite, idFilter, idParam, ownerCall, parseListQuery, restCall, sendList, sortColumn } from '../../rest/common';
import { bodyLimitError } from '../../lib/bodyLimits';

export const MAX_ATTACHMENTS = 10;
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** The attachment kinds the question form accepts (png, gif, jpeg), told by their first bytes, not their name. */
export function attachmentKind(data: Buffer): 'png' | 'gif' | 'jpeg' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.toString('latin1', 0, 6))) return 'gif';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  return null;
}

/** A question as the owner reads it: `orderId` is the order's number in the shop (the row keeps the internal id). */
type QuestionRow = { id: number; order_number: number; user_id: number | null; device_id: string | null; created_at: string; data: string };
const toApi = (r: QuestionRow) => {
  const d = JSON.parse(r.data) as { contact?: string; message?: string } & QuestionPictures;
  return {
    id: r.id,
    orderId: r.order_number,
    contact: d.contact ?? '',
    message: d.message ?? '',
    images: d.images ?? [],
    // Pictures still being made (attachments.ts), and those whose pixels could not be read.
    imagesPending: d.pending?.length ?? 0,
    imagesFailed: d.failed ?? 0,
    userId: r.user_id,
    createdAt: r.created_at,
  };
};

/**
 * Counts the attachments of a question against the order's and the shop's daily budgets (config.attachmentLimits;
 * countDaily, atomic across processes); over either, 429 `too_many_attachments` and nothing counted or stored.
 */
async function countAttachments(services: AppServices, storeId: number, orderId: number, n: number): Promise<void> {
  const { order, shop } = services.config.attachmentLimits;
  await services.db.transaction().execute(async (tx) => {
    for (const [key, limit] of [[`attachments:${storeId}:order:${orderId}`, order], [`attachments:${storeId}`, shop]] as const) {
      if (limit > 0 && (await countDaily(tx, key, limit, new Date(), n)) === null) throw new ApiError(429, 'too_many_attachments', undefined, ['images']);
    }
  });
}

/** Questions with their order's number (questions.order_id is the internal id). */
const withNumber = (db: AppServices['db']) => db.selectFrom('questions').innerJoin('orders', 'orders.id', 'questions.order_id');
const QUESTION_COLUMNS = ['questions.id', 'orders.number as order_number', 'questions.user_id', 'questions.device_id', 'questions.created_at', 'questions.data'] as const;

/** Fields and files of a multipart question (or the fields of a JSON one). */
async function readQuestion(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; files: Buffer[] }> {
  if (!request.isMultipart()) return { fields: bodyOf(request), files: [] };
  const fields: Record<string, unknown> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts({ limits: { fields: 50, fieldSize: 20_000, files: MAX_ATTACHMENTS, fileSize: MAX_ATTACHMENT_BYTES } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length) files.push(data);
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw bodyLimitError(e)!;
    if (code === 'FST_FILES_LIMIT') throw badRequest('invalid_input', `At most ${MAX_ATTACHMENTS} attachments`, ['images']);
    if (code?.startsWith('FST_')) throw badRequest('invalid_input', (e as Error).message);
    throw e;
  }
  return { fields, files };
}

/**
 * /rest/questions: a customer's question about their own order (seed route /order/{id}/review): contact,
 * message and png/gif/jpeg attachments (multipart, checked by their bytes). The customer is the signed-in
 * user (Bearer) or the device of an anonymous order (`device_id`). The owner is told and lists them.
 */
export function registerQuestions(rest: FastifyInstance, services: AppServices) {
  rest.post('/questions', { config: { rateLimit: { max: 30, timeWindow: 60_000 } } }, async (request, reply) => {
    const call = await restCall(services, request);
    const { fields, files } = await readQuestion(request);
    const values = checkWrite(questionSchema.fields, { orderId: fields.orderId, contact: fields.contact, message: fields.message }, { partial: false });
    const orderId = parseOrderId(values.orderId as number);
    const deviceId = deviceIdOf(typeof fields.device_id === 'string' ? fields.device_id : undefined);
    const order = await orderByNumber(services.db, call.store.id, orderId);
    if (!order || !(call.user?.isOwner || ownsOrder(order, { user: call.user, deviceId }))) throw notFound();
    // Every file's header is checked before any is kept: a bad one keeps nothing. The pictures are made after
    // the answer (attachments.ts).
    if (files.some((f) => attachmentKind(f) === null)) throw new ApiError(400, 'unsupported_file', undefined, ['images']);
    for (const f of files) {
      try {
        await services.images.checkImage(f);
      } catch (e) {
        throw e instanceof ApiError ? new ApiError(e.status, e.code, undefined, ['images']) : e;
      }
    }
    if (files.length) await countAttachments(services, call.store.id, order.id, files.length);
    const pending = files.length ? await keepPending(services.config.dataDir, files) : [];
    const row = await services.db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('questions')
        .values({
          store_id: call.store.id,
          order_id: order.id,
          user_id: call.user?.id ?? null,
          device_id: deviceId,
          created_at: now(),
          data: JSON.stringify({ contact: values.contact, message: values.message, images: [], ...(pending.length ? { pending } : {}) }),
          pending: pending.length,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (call.store.user_id !== null) {
        await notify(tx, {
          storeId: call.store.id,
          userId: call.store.user_id,
          deviceId: null,
          header: serverText(shopLang(call.store), 'question_header', { id: orderId }),
          desc: String(values.message).slice(0, 200),
          img: null,
          fromId: call.user?.id ?? 0,
          orderId: order.id,
        });
      }
      const d = JSON.parse(order.data) as { clientName?: string | null };
      await enqueueQuestion(tx, call.store, { orderId, name: d.clientName ?? null, contact: String(values.contact ?? '') || null, text: String(values.message ?? '') });
      return inserted;
    }).catch(async (e) => {
      await dropPending(services.config.dataDir, pending);
      throw e;
    });
    if (pending.length) services.attachments?.kick();
    reply.code(201);
    return toApi({ ...row, order_number: order.number });
  });

  rest.get('/questions', async (request, reply) => {
    const call = await ownerCall(services, request);
    const q = parseListQuery(request.query);
    const { column, order } = sortColumn(q, { id: 'id', orderId: 'order_id', createdAt: 'created_at' }, 'id');
    const base = () => {
      let x = withNumber(services.db).where('questions.store_id', '=', call.store.id);
      const ids = idFilter(q.filter);
      if (ids) x = ids.length ? x.where('questions.id', 'in', ids) : x.where('questions.id', '=', -1);
      if (q.filter.orderId !== undefined && q.filter.orderId !== '') x = x.where('orders.number', '=', parseOrderId(q.filter.orderId as string, 'orderId'));
      return x;
    };
    const rows = await base().select(QUESTION_COLUMNS).orderBy(`questions.${column}` as 'questions.id', order).orderBy('questions.id', order).limit(q.limit).offset(q.start).execute();
    const count = await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return sendList(reply, 'questions', q, rows.map(toApi), Number(count?.n ?? 0));
  });

  rest.get('/questions/:id', async (request) => {
    const call = await ownerCall(services, request);
    const row = await withNumber(services.db).select(QUESTION_COLUMNS).where('questions.store_id', '=', call.store.id).where('questions.id', '=', idParam(request)).executeTakeFirst();
    if (!row) throw notFound();
    return toApi(row);
  });

  rest.delete('/questions/:id', async (request) => {
    const call = await ownerCall(services, request);
    const id = idParam(request);
    const row = await withNumber(services.db).select(QUESTION_COLUMNS).where('questions.store_id', '=', call.store.id).where('questions.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    await services.db.deleteFrom('questions').where('store_id', '=', call.store.id).where('id', '=', id).execute();
    // Pictures not made yet are not made now.
    await dropPending(services.config.dataDir, (JSON.parse(row.data) as QuestionPictures).pending);
    return toApi(row);
  });
}
