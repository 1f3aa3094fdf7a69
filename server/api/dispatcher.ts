import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { performance } from 'node:perf_hooks';
import { ApiError, notFound } from '../errors';
import type { Store } from '../db/types';
import { ApiContext, type AppServices, type Handler } from './context';
import { credentialsOf } from './session';
import { readInput, type ApiInput } from './input';
import type { ApiHandlers } from './handlers';
import { compressAnswer, pickEncoding, type CachedAnswer } from './responseCache';
import { catalogueVersion } from '../db/catalogueVersion';

/** Calls that guess at secrets (sign-in codes, promo codes): 30 a minute per address. */
const AUTH_APIS = new Set(['sms_code', 'login', 'promo']);

/** The credential fields of the auth form: not part of an answer's cache key once they are checked. */
const CREDENTIAL_FIELDS = new Set(['token', 'token_seq', 'user_id']);

/** Answers smaller than this go out plain (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM = 1024;
/** Answers up to this size are compressed in one call on the event loop (~1 ms at most); bigger ones are streamed. */
const COMPRESS_AT_ONCE_UP_TO = 256 * 1024;

/**
 * The cache key of a call: the store (and its owner, which filters show), the api name and every field the
 * handler reads, sorted. A checked session's auth form is left out (its answer is the public one).
 */
function answerKey(name: string, store: Store, input: ApiInput, signedIn: boolean): string {
  const parts: string[] = [String(store.id), String(store.user_id ?? ''), name];
  const raw = Object.keys(input.raw).sort();
  for (const k of raw) if (!(signedIn && CREDENTIAL_FIELDS.has(k))) parts.push(k, input.raw[k]);
  for (const [label, map] of [
    ['p', input.p],
    ['f', input.filters],
    ['i', input.items],
  ] as const) {
    if (!map.size) continue;
    parts.push(label);
    for (const k of [...map.keys()].sort()) parts.push(String(k), map.get(k as never)!);
  }
  return parts.join('\u0000');
}

/** `POST /api?api=<name>` (and `GET` for the seed's geo_check): one handler module per api name, as the features added them. */
export function registerApi(app: FastifyInstance, services: AppServices, handlers: ApiHandlers) {
  const send = (request: { headers: Record<string, string | string[] | undefined> }, reply: FastifyReply, entry: CachedAnswer) => {
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
    const encoding = entry.body.length >= COMPRESS_FROM ? pickEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(entry.body);
    // Made once per entry; @fastify/compress leaves an answer with a content-encoding as it is.
    return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(services.responseCache!.encoded(entry, encoding));
  };
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
      const arrived = performance.now();
      const name = String((request.query as Record<string, unknown>).api ?? '');
      const handler: Handler | undefined = handlers.get(name);
      if (!handler) throw new ApiError(404, 'unknown_api', `Unknown api: ${name.slice(0, 60)}`);
      const store = await services.stores.resolve(request.headers.host);
      if (!store) throw notFound();
      const input = await readInput(request);
      const ctx = new ApiContext(services, store, input, request);
      const signedIn = credentialsOf(request, input.raw) !== null;
      const cache = services.responseCache;
      if (cache && handler.cacheable?.(ctx) && !input.files.size && !input.otherFiles.length) {
        // A customer's session gets the public answer; the owner (who may see more) and a bad token are answered afresh.
        const publicAnswer = !signedIn || ((await ctx.user()) !== null && !(await ctx.isOwner()));
        if (publicAnswer) {
          // A version read sent after this call arrived: a write committed before it (by any process) is seen.
          const version = await catalogueVersion(ctx.db, store.id, arrived);
          let provisional: Record<string, unknown> | undefined;
          const entry = await cache.getOrMake(answerKey(name, store, input, signedIn), version, async () => {
            const answer = await handler(ctx);
            if (!ctx.provisional) return Buffer.from(JSON.stringify(answer));
            provisional = answer;
            return null;
          });
          if (entry) return send(request, reply, entry);
          if (provisional) return sendFresh(request, reply, ctx, provisional, signedIn);
        }
      }
      return sendFresh(request, reply, ctx, await handler(ctx), signedIn);
    },
  });
}

/** An answer made for this request (not from the answer cache). */
async function sendFresh(request: FastifyRequest, reply: FastifyReply, ctx: ApiContext, result: Record<string, unknown>, signedIn: boolean) {
  // Credentials sent with a public read are checked too, so a revoked session learns it at once.
  if (signedIn) await ctx.user();
  if (ctx.badToken) result.token = 'error';
  reply.header('cache-control', 'no-store');
  // Compressed here in one call (compressAnswer), not by @fastify/compress's stream; a big answer still is.
  const body = Buffer.from(JSON.stringify(result));
  const encoding = body.length >= COMPRESS_FROM && body.length <= COMPRESS_AT_ONCE_UP_TO ? pickEncoding(request.headers['accept-encoding']) : null;
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(compressAnswer(body, encoding));
}
