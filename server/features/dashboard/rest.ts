import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../api/context';
import { badRequest } from '../../errors';
import { ownerCall } from '../../rest/common';
import { storeValues } from '../../api/tenant';
import { dashboard, productsUpTo } from './dashboard';
import { PERIODS, PRODUCTS_COUNT_CAP, type Period } from '../../../schemas/dashboard';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * GET /rest/dashboard?period=day|week|month[&from=YYYY-MM-DD&to=YYYY-MM-DD] (owner): the admin's home
 * figures; GET /rest/dashboard/<period> is the same as one record (`id` = the period) for react-admin's getOne.
 * GET /rest/dashboard/products[?upTo=N] (owner): `{id: 'products', count, more}`, the products counted up to
 * N (1..PRODUCTS_COUNT_CAP, that by default), for the first steps' 'Товаров в каталоге'.
 */
export function registerDashboardRest(rest: FastifyInstance, services: AppServices) {
  rest.get('/dashboard', async (request) => figures(request, undefined));
  rest.get('/dashboard/products', async (request) => {
    const call = await ownerCall(services, request);
    const raw = (request.query as Record<string, unknown> | undefined)?.upTo;
    const upTo = raw === undefined ? PRODUCTS_COUNT_CAP : Number(raw);
    if (typeof raw === 'object' || !Number.isInteger(upTo) || upTo < 1 || upTo > PRODUCTS_COUNT_CAP) throw badRequest('invalid_input', undefined, ['upTo']);
    return productsUpTo(services.db, call.store.id, upTo);
  });
  rest.get('/dashboard/:period', async (request) => {
    const period = (request.params as { period: string }).period;
    return { id: period, ...(await figures(request, period)) };
  });

  async function figures(request: FastifyRequest, pathPeriod: string | undefined) {
    const call = await ownerCall(services, request);
    const q = (request.query ?? {}) as Record<string, unknown>;
    const period = (pathPeriod ?? q.period ?? 'day') as Period;
    if (!PERIODS.includes(period)) throw badRequest('invalid_input', undefined, ['period']);
    for (const k of ['from', 'to'] as const) {
      if (q[k] !== undefined && (typeof q[k] !== 'string' || !DATE.test(q[k] as string) || Number.isNaN(Date.parse(q[k] as string)))) throw badRequest('invalid_input', undefined, [k]);
    }
    const tz = String(storeValues(call.store).timezone ?? 'Europe/Moscow');
    return dashboard(services.db, services.database.dialect, call.store.id, tz, { period, from: q.from as string | undefined, to: q.to as string | undefined });
  }
}
