import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../errors';
import { ApiContext, credentialsOf, type AppServices, type Handler } from './context';
import { readInput } from './input';
import { HANDLERS } from './handlers';

/** Calls that guess at secrets (sign-in codes, promo codes): 30 a minute per address. */
const AUTH_APIS = new Set(['sms_code', 'login', 'promo']);

/** `POST /api?api=<name>` (and `GET` for the seed's geo_check): one handler module per api name. */
export function registerApi(app: FastifyInstance, services: AppServices) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api',
    config: {
      rateLimit: {
        max: 30,
        timeWindow: 60_000,
        // Only the calls that guess at secrets are counted (a database write each); the catalogue is not limited.
        allowList: (req: { query?: unknown }) => !AUTH_APIS.has(String((req.query as Record<string, unknown>)?.api)),
        keyGenerator: (req: { ip: string }) => `${req.ip}:auth`,
      },
    },
    handler: async (request, reply) => {
      const name = String((request.query as Record<string, unknown>).api ?? '');
      const handler: Handler | undefined = Object.prototype.hasOwnProperty.call(HANDLERS, name) ? HANDLERS[name] : undefined;
      if (!handler) throw new ApiError(404, 'unknown_api', `Unknown api: ${name.slice(0, 60)}`);
      const store = await services.stores.resolve(request.headers.host);
      if (!store) throw notFound();
      const input = await readInput(request);
      const ctx = new ApiContext(services, store, input, request);
      const result = await handler(ctx);
      // Credentials sent with a public read are checked too, so a revoked session learns it at once.
      if (credentialsOf(request, input.raw)) await ctx.user();
      if (ctx.badToken) result.token = 'error';
      reply.header('cache-control', 'no-store');
      return result;
    },
  });
}
