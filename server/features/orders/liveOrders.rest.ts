import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { AppServices } from '../../api/context';
import { checkToken, credentialsOf } from '../../api/session';
import { ownerCall } from '../../rest/common';
import type { LiveOrders } from './liveOrders';

/**
 * GET /rest/orders/live (the shop's owner only): server-sent events. Event `orders` carries
 * `{count, last}` (NewOrdersEvent) at once and whenever it changes; a comment line every `heartbeatMs`
 * keeps proxies from closing it, and on each the session is checked again (a signed-out owner's stream
 * ends). The admin reads it with fetch and the Bearer header (EventSource cannot send one).
 */
export function registerLiveOrders(rest: FastifyInstance, services: AppServices, live: LiveOrders, open: Set<ServerResponse>) {
  rest.get('/orders/live', async (request, reply) => {
    const call = await ownerCall(services, request);
    const cred = credentialsOf(request, {})!;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx would buffer the stream otherwise.
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    open.add(res);
    const unsubscribe = live.subscribe(call.store.id, (event) => res.write(`event: orders\ndata: ${JSON.stringify(event)}\n\n`));
    const beat = setInterval(() => {
      void checkToken(services.db, call.store, cred).then(
        (user) => (user?.isOwner ? res.write(': ping\n\n') : res.end()),
        () => res.write(': ping\n\n'),
      );
    }, services.config.liveHeartbeatMs);
    res.on('close', () => {
      clearInterval(beat);
      unsubscribe();
      open.delete(res);
    });
  });
}
