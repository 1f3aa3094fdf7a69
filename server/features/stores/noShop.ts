import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../../api/context';
import { errorText, serverText } from '../../errors';
import { LANGS } from '../../api/context';

/** Paths every host answers (health checks come by address). */
const ANY_HOST = new Set(['/healthz']);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reader's language from Accept-Language, among ours; Russian by default. */
function langOf(request: FastifyRequest): string {
  const header = String(request.headers['accept-language'] ?? '');
  for (const part of header.split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(code)) return code;
  }
  return 'ru';
}

/** A plain page (no app, no shop's data): this host serves no shop. */
export function noShopPage(lang: string): string {
  const title = escapeHtml(serverText(lang, 'no_shop_title'));
  const text = escapeHtml(serverText(lang, 'no_shop_text'));
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222"><h1 style="font-size:1.5rem">${title}</h1><p>${text}</p></body></html>`;
}

/**
 * A host that serves no shop (not the platform's, not a shop's live domain, on a server of several shops:
 * stores.ts createStoreResolver) gets a 404 before any route runs: a plain "no shop here" page, or the
 * protocol's error body under /api and /rest. It never sees the default shop, its catalogue or its admin.
 */
export function registerHostCheck(app: FastifyInstance, services: AppServices) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (ANY_HOST.has(path)) return;
    const store = await services.stores.resolve(request.headers.host);
    if (store) return;
    reply.header('vary', 'Host').header('cache-control', 'no-store');
    if (/^\/(api|rest)(\/|$)/.test(path)) {
      return reply.status(404).send({ error: { code: 'no_shop', message: errorText('no_shop') } });
    }
    return reply.status(404).type('text/html; charset=utf-8').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").send(noShopPage(langOf(request)));
  });
}
