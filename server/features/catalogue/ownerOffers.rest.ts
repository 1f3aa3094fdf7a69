import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../api/context';
import { badRequest, notFound } from '../../errors';
import { bodyOf, ownerCall, parseListQuery, sendList } from '../../rest/common';
import { parseBulk, runBulk } from './bulk';
import { ownerFieldsOf, releaseOwnerFields } from './ownerFields';
import { orderOfferImages, paramsUsedIn } from './ownerEdits';
import { OWNER_STATUSES, ownerOffers, type OwnerStatus } from './ownerList';

/** An offer id from the path (a feed's own ids are text up to 80 characters). */
function offerIdParam(request: FastifyRequest): string {
  const raw = (request.params as Record<string, string>).id ?? '';
  if (!raw || raw.length > 80) throw notFound();
  return raw;
}

const text = (v: unknown, name: string): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw badRequest('invalid_input', undefined, [name]);
  return String(v);
};

/**
 * The owner's product REST (the admin's product list and item editor), beside the seed's api=offers:
 * - GET /rest/offers?sort=["price","DESC"]&range=[0,19]&filter={"q","categoryId","status"}: a page with
 *   Content-Range's total; status is visible, hidden or out_of_stock.
 * - POST /rest/offers/bulk {action: show|hide|move|price|delete, ids, categoryId?, percent?, oldprice?}.
 * - PUT /rest/offers/:id/images {order: [imageId, ...]}: the pictures' order.
 * - GET /rest/offers/param_usage?categoryId=: the base ids the category's products have values of.
 * - GET /rest/offers/:id/owner_fields: {fields}, the fields the owner changed by hand, which imports keep;
 *   DELETE the same: imports write them again (ownerFields.ts).
 * All the owner's only, scoped to the request's store.
 */
export function registerOwnerOffersRest(rest: FastifyInstance, services: AppServices) {
  rest.get('/offers', async (request, reply) => {
    const call = await ownerCall(services, request);
    const q = parseListQuery(request.query);
    const status = text(q.filter.status, 'status');
    if (status !== undefined && !(OWNER_STATUSES as readonly string[]).includes(status)) throw badRequest('invalid_input', undefined, ['status']);
    const { rows, total } = await ownerOffers(services.db, services.database.dialect, call.store.id, {
      q: text(q.filter.q, 'q'),
      categoryId: text(q.filter.categoryId, 'categoryId'),
      status: status as OwnerStatus | undefined,
      sort: q.sort,
      start: q.start,
      limit: q.limit,
    });
    return sendList(reply, 'offers', q, rows, total);
  });

  rest.post('/offers/bulk', async (request) => {
    const call = await ownerCall(services, request);
    return runBulk(services.db, services.database.dialect, call.store.id, parseBulk(bodyOf(request)));
  });

  rest.put('/offers/:id/images', async (request) => {
    const call = await ownerCall(services, request);
    const images = await orderOfferImages(services.db, call.store.id, offerIdParam(request), bodyOf(request).order);
    return { id: offerIdParam(request), images };
  });

  rest.get('/offers/:id/owner_fields', async (request, reply) => {
    const call = await ownerCall(services, request);
    reply.header('cache-control', 'no-store');
    return { id: offerIdParam(request), fields: await ownerFieldsOf(services.db, call.store.id, offerIdParam(request)) };
  });

  rest.delete('/offers/:id/owner_fields', async (request) => {
    const call = await ownerCall(services, request);
    await releaseOwnerFields(services.db, call.store.id, offerIdParam(request));
    return { id: offerIdParam(request), fields: [] };
  });

  rest.get('/offers/param_usage', async (request, reply) => {
    const call = await ownerCall(services, request);
    const categoryId = text((request.query as Record<string, unknown>)?.categoryId, 'categoryId');
    if (!categoryId) throw badRequest('required_fields_error', undefined, ['categoryId']);
    reply.header('cache-control', 'no-store');
    return { categoryId, baseIds: await paramsUsedIn(services.db, call.store.id, categoryId) };
  });
}
