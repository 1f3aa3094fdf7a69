import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Database } from './db/database';
import { ApiError, badRequest } from './errors';
import { registerApi } from './api/dispatcher';
import { ResponseCache, pickEncoding, type CachedAnswer } from './api/responseCache';
import type { AppServices } from './api/context';
import { createStoreResolver, storeValues } from './features/stores/stores';
import { systemDomainProver, type DomainProver } from './features/stores/domains';
import { registerHostCheck } from './features/stores/noShop';
import { createIndexInliner } from './features/stores/indexInline';
import { createImageStore } from './features/images/images';
import { consoleSms, httpSms, type SmsSender } from './features/auth/sms';
import { cspHash, pagePolicy, registerSecurityHeaders } from './lib/securityHeaders';
import { databaseRateLimitStore } from './lib/rateLimitStore';
import { trustHops } from './lib/proxyHops';
import { MAX_BODY_BYTES, MAX_MULTIPART_BYTES, MULTIPART_LIMITS, bodyLimitError, registerBodyLimits } from './lib/bodyLimits';
import { registerRest } from './rest';
import { consoleMailAdapter, smtpAdapter, startSender, telegramAdapter, type ChannelAdapter } from './features/notifications';
import { registerYmlExport } from './features/yml/exportYml';
import { createJobRunner } from './features/yml/jobs';
import { registerYmlImports } from './features/yml/rest';
import { applySeo, seoGeneration, seoPage } from './features/seo/seo';
import { registerSitemap } from './features/seo/sitemap';
import { applySsr, createSsr, isUnknownPath } from './features/seo/ssr';
import { APP_START_HASH, startAfterPaint } from './features/seo/appStart';
import { TAP_QUEUE_ELEMENT, TAP_QUEUE_HASH } from './features/seo/tapQueue';
import { catalogueVersion } from './features/catalogue/version';
import type { Store } from './db/types';
import { performance } from 'node:perf_hooks';
import { DEFAULT_LANG, isLang } from '../i18n';

export const DIST_DIR = path.resolve(import.meta.dirname, '..', 'dist');

export interface AppOptions {
  config: Config;
  database: Database;
  sms?: SmsSender;
  /** Serve the built storefront and admin from dist/ (off in API-only tests). */
  serveApps?: boolean;
  /** The notification channels (default: SMTP or the log for e-mail, the Bot API for Telegram). */
  notificationAdapters?: Record<string, ChannelAdapter>;
  /** Checks proofs of shops' new domains (default: DNS and the guarded fetch; tests give a fake). */
  domainProver?: DomainProver;
  /** Where the built apps are (tests point it at a folder of their own). */
  distDir?: string;
}

export function originOf(request: FastifyRequest, config: Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  return `${request.protocol}://${request.headers.host ?? `localhost:${config.port}`}`;
}

/** Builds the server: outside resources first, then services, then routes; one error handler for all. */
export async function buildApp(opts: AppOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  const { config, database } = opts;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: trustHops(config.trustProxy),
    bodyLimit: MAX_BODY_BYTES,
  });
  const services: AppServices = {
    config,
    database,
    db: database.db,
    stores: createStoreResolver(database.db, { platformHosts: config.platformHosts }),
    domains: opts.domainProver ?? systemDomainProver({ allowPrivate: config.allowPrivateFeeds }),
    images: createImageStore(config.uploadsDir),
    sms: opts.sms ?? (config.smsAdapter === 'http' && config.smsUrl ? httpSms(config.smsUrl) : consoleSms()),
    responseCache: config.responseCacheMb > 0 ? new ResponseCache(config.responseCacheMb * 1024 * 1024) : undefined,
  };
  app.decorate('services', services);
  // Every process runs a job runner: it claims queued imports and due refreshes from the database.
  const jobs = createJobRunner(services);
  services.jobs = jobs;
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string; severity?: string }, request, reply) => {
    error = bodyLimitError(error) ?? error;
    // A PostgreSQL data exception (class 22: a number out of range, text that is not a valid value of the
    // column's type) comes from a value the client sent: 400, like SQLite would have stored or refused it.
    if (!(error instanceof ApiError) && error.severity && typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)) {
      request.log.warn({ err: error }, 'database refused a value');
      error = badRequest('invalid_input');
    }
    if (error instanceof ApiError) {
      // An outside service that failed (the SMS gateway, the geocoder): the client gets the code, the log the cause.
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.code);
      const body: Record<string, unknown> = { error: { code: error.code, ...(error.params ? { params: error.params } : {}), message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
      if (error.code === 'token_error') body.token = 'error';
      return reply.status(error.status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: { code: 'server_error', message: 'Problems connecting to the server, try reloading the page' } });
    }
    const code = status === 413 ? 'too_large' : status === 429 ? 'too_many_requests' : status === 404 ? 'not_found' : 'invalid_input';
    return reply.status(status).send({ error: { code, message: error.message } });
  });

  // Answers (api JSON, index.html) compressed for clients that accept it; the built apps' files come
  // compressed already (scripts/build.ts) and pictures are not compressible.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  registerSecurityHeaders(app, { mapTilesUrl: config.mapTilesUrl, publicUrl: config.publicUrl });
  // Field and size caps before any body is parsed, on every route (lib/bodyLimits.ts).
  registerBodyLimits(app, {
    multipart: { '/api': MAX_MULTIPART_BYTES, '/rest/questions': MAX_MULTIPART_BYTES, '/rest/subscriptions': MAX_BODY_BYTES, '/rest/yml_imports': config.feedMaxBytes + 1024 * 1024 },
  });
  await app.register(formbody);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  // Counters in the database: a limit holds across WORKERS processes (lib/rateLimitStore.ts).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });

  app.get('/config.json', async (request, reply) => {
    const origin = originOf(request, config);
    reply.header('cache-control', 'no-cache');
    return { API_HOST: `${origin}/api`, URL_IMAGES: `${origin}/images/`, MAP_TILES_URL: config.mapTilesUrl };
  });
  // A host that serves no shop gets "no shop here" before any route (features/stores/noShop.ts).
  registerHostCheck(app, services);
  app.get('/healthz', async () => ({ ok: true }));
  // Search engines: the shop's pages, not the owner's panel or the api.
  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain')
      .header('vary', 'Host')
      .send(`User-agent: *\nAllow: /\nDisallow: /admin/\nDisallow: /api\nDisallow: /rest/\nDisallow: /cart\nDisallow: /order\nDisallow: /my_orders\nDisallow: /login\n\nSitemap: ${originOf(request, config)}/sitemap.xml\n`),
  );
  registerSitemap(app, services);
  // Browsers ask for /favicon.ico on pages without an icon link (the admin's): the shop's favicon or logo, else
  // an empty answer (a 404 would be a console error on every panel page).
  app.get('/favicon.ico', async (request, reply) => {
    const store = await services.stores.resolve(request.headers.host);
    const values = store ? storeValues(store) : {};
    const icon = (values.favicon || values.logo) as string | undefined;
    reply.header('vary', 'Host').header('cache-control', 'max-age=3600');
    if (!icon) return reply.status(204).send();
    return reply.redirect(/^https?:\/\//i.test(icon) ? icon : `/images/${icon.replace(/^\/+/, '')}`);
  });

  // The notification sender: every process runs one; a row is taken by one of them (features/notifications).
  if (config.notifyIntervalMs > 0) {
    const log = (msg: string, err?: unknown) => app.log.warn({ err }, msg);
    const adapters = opts.notificationAdapters ?? {
      email: config.smtpUrl
        ? smtpAdapter(config.smtpUrl, config.mailFrom)
        : config.production
          ? async () => {
              throw new Error('SMTP_URL is not configured');
            }
          : consoleMailAdapter((l) => app.log.info(l)),
      telegram: telegramAdapter(config.telegramApiUrl),
    };
    const sender = startSender(database.db, { adapters, intervalMs: config.notifyIntervalMs, retryBaseMs: config.notifyRetryBaseMs, maxAttempts: config.notifyMaxAttempts, log });
    app.addHook('onClose', () => sender.stop());
  }

  registerYmlExport(app, services, (request) => originOf(request, config));
  registerApi(app, services);
  await app.register(
    async (rest) => {
      registerRest(rest, services);
      registerYmlImports(rest, services, jobs);
    },
    { prefix: '/rest' },
  );
  redirectBareAdminPaths(app);

  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(
    async (images) => {
      await images.register(fastifyStatic, { root: config.uploadsDir, prefix: '/', decorateReply: false, maxAge: '365d', immutable: true });
      // An 800 px WebP of a picture uploaded before that size existed is made on its first request.
      images.setNotFoundHandler(async (request, reply) => {
        const rel = request.url.split('?')[0].replace(/^\/images\//, '');
        const made = request.method === 'GET' || request.method === 'HEAD' ? await services.images.middleFor(rel) : null;
        if (!made) return reply.status(404).send({ error: { code: 'not_found', message: 'Page not found' } });
        return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(made);
      });
    },
    { prefix: '/images' },
  );

  if (opts.serveApps !== false) registerApps(app, services, opts.distDir ?? DIST_DIR);
  else app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: { code: 'not_found', message: 'Page not found' } }));

  return { app, services };
}

/** The seed's owner screens, whose paths the panel serves under /admin (the seed's app had them at the root). */
export const BARE_ADMIN_PREFIXES = ['settings', 'item_editor', 'category_editor', 'filter_editor', 'banner_settings', 'promo_settings', 'ingredient_settings', 'ingredients', 'place_settings', 'polygon_map'] as const;

/**
 * A seed path opened on the storefront's host (/settings/common_settings, /promo_settings/code/new, ...)
 * leads to the same path under /admin (302, query kept): links and bookmarks of the seed's app keep working.
 */
function redirectBareAdminPaths(app: FastifyInstance) {
  const toAdmin = (request: FastifyRequest, reply: FastifyReply) => reply.redirect(`/admin${request.url}`, 302);
  for (const prefix of BARE_ADMIN_PREFIXES) {
    app.get(`/${prefix}`, toAdmin);
    app.get(`/${prefix}/*`, toAdmin);
  }
}

/** The built apps: the admin under /admin/, the storefront at /; unknown paths get the app's index (its router shows /404). */
function registerApps(app: FastifyInstance, services: AppServices, distDir: string) {
  const inliner = createIndexInliner(services.db, { acquiringUrl: services.config.acquiringUrl });
  const ssr = createSsr(app, services.db, distDir);
  const storefront = path.join(distDir, 'storefront');
  const admin = path.join(distDir, 'admin');
  const sendIndex = (dir: string) => (fs.existsSync(path.join(dir, 'index.html')) ? fs.readFileSync(path.join(dir, 'index.html'), 'utf8') : null);
  // Hashed file names never change their contents: a year in the browser's cache; the rest is revalidated.
  const cacheHeaders = (reply: FastifyReply, file: string) =>
    reply.header('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  const appFiles = { decorateReply: false, preCompressed: true, cacheControl: false, setHeaders: cacheHeaders } as const;
  if (fs.existsSync(admin)) app.register(fastifyStatic, { root: admin, prefix: '/admin/', index: ['index.html'], wildcard: true, ...appFiles });
  if (fs.existsSync(storefront)) app.register(fastifyStatic, { root: storefront, prefix: '/', index: false, wildcard: false, ...appFiles });
  const page = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    if (/^\/(api|rest|images)(\/|$)/.test(url) || request.method !== 'GET') {
      return reply.status(404).send({ error: { code: 'not_found', message: 'Page not found' } });
    }
    const isAdmin = url.startsWith('/admin');
    const html = isAdmin ? sendIndex(admin) : indexTime() ? '' : null;
    if (html === null) return reply.status(404).type('text/plain').send('The apps are not built yet: run npm run build');
    if (isAdmin) return reply.type('text/html').header('cache-control', 'no-cache').send(html);
    // The storefront's index.html is read only when a page is built (a kept page is sent as it is).
    return storefrontPage(request, url, () => sendIndex(storefront) ?? '').then((answer) => {
      reply
        .status(answer.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Host')
        .header('content-security-policy', answer.csp)
        .header('x-frame-options', 'SAMEORIGIN');
      const encoding = answer.entry && services.responseCache && answer.body.length >= 1024 ? pickEncoding(request.headers['accept-encoding']) : null;
      // A kept page goes out in the bytes compressed once for it (@fastify/compress leaves an encoded answer be).
      if (encoding) return reply.header('content-encoding', encoding).header('vary', 'Host, Accept-Encoding').send(services.responseCache!.encoded(answer.entry!, encoding));
      return reply.send(answer.body);
    });
  };

  /**
   * A storefront page as every device gets it: nothing in it depends on a cookie, a session or the answer
   * (no nonce: the server's inline styles and its one inline script are allowed by their hashes), so the
   * whole page, with its compressed forms, is kept in the answer cache (api/responseCache.ts) for the
   * store's catalogue version, under the store, its settings, categories and banners (the inline's
   * fingerprint), the origin, the page's language (?lang=) and path. A catalogue write, a settings save or
   * a banner change (the inline is rebuilt within its few seconds) makes a new page.
   */
  /** The built index.html's modification time (0: not built), looked at once a second at most. */
  let indexSeen = { at: -Infinity, time: 0 };
  const indexTime = () => {
    const now = performance.now();
    if (now - indexSeen.at >= 1000) {
      let time = 0;
      try {
        time = fs.statSync(path.join(storefront, 'index.html')).mtimeMs;
      } catch {
        /* not built */
      }
      indexSeen = { at: now, time };
    }
    return indexSeen.time;
  };
  const storefrontPage = async (request: FastifyRequest, url: string, readIndex: () => string): Promise<{ status: number; body: Buffer; csp: string; entry?: CachedAnswer }> => {
    const arrived = performance.now();
    const store = await services.stores.resolve(request.headers.host).catch(() => null);
    if (!store) return pageAnswer(200, readIndex());
    const origin = originOf(request, services.config);
    const queryLang = (request.query as Record<string, unknown> | undefined)?.lang;
    const make = () => buildStorefrontPage(request, store, origin, url, queryLang, readIndex());
    const cache = services.responseCache;
    if (!cache) return make();
    try {
      const [version, fingerprint] = await Promise.all([catalogueVersion(services.db, store.id, arrived), inliner.fingerprint(store)]);
      // The built index.html's time too: a new build served by a running process makes new pages.
      const key = ['page', store.id, fingerprint, origin, isLang(queryLang) ? queryLang : '', url, indexTime(), seoGeneration()].join('\u0000');
      const entry = await cache.getOrMake(key, version, async () => {
        const built = await make();
        return { body: built.body, meta: { status: built.status, csp: built.csp } };
      });
      if (entry?.meta) return { status: Number(entry.meta.status), body: entry.body, csp: String(entry.meta.csp), entry };
      return make();
    } catch (e) {
      request.log.warn({ err: e }, 'the storefront page outside the answer cache');
      return make();
    }
  };

  const policy = (styles: string[]) =>
    pagePolicy({ mapTilesUrl: services.config.mapTilesUrl, publicUrl: services.config.publicUrl }, { hashes: styles }, [TAP_QUEUE_HASH, APP_START_HASH]);
  /** The page's answer: its CSP names the hashes of the server's inline styles (the theme, the owner's CSS, the rendered page's). */
  const pageAnswer = (status: number, page: string) => {
    // A server-rendered page (its root has content): the tap queue first, the app after the first paint.
    const withTaps = page.includes('<div id="root"><') ? startAfterPaint(page.replace(/<meta charset="[^"]*"\s*\/?>|<head>/i, (m) => `${m}${TAP_QUEUE_ELEMENT}`)) : page;
    const styles = [...withTaps.matchAll(/<style id="shop-[a-z-]+">([^<]*)<\/style>/g)].map((m) => cspHash(m[1]));
    return { status, body: Buffer.from(withTaps), csp: policy(styles) };
  };

  async function buildStorefrontPage(request: FastifyRequest, store: Store, origin: string, url: string, queryLang: unknown, html: string) {
    // The storefront's index carries the Host's store settings and categories (server/features/stores/indexInline.ts).
    // Then the page's title, meta tags, JSON-LD and noscript content for search engines (features/seo).
    try {
      // A failed SEO part leaves the page as it was (the app still works); a failed inline leaves both out.
      const seoOrNull = seoPage(services.db, services.database.dialect, store, origin, url, queryLang).catch((e) => {
        request.log.warn({ err: e }, 'index.html without the SEO tags');
        return null;
      });
      // The page rendered with the storefront's components (features/seo/ssr.ts) in the language the app
      // starts in (?lang=, else the default); a page it does not render, or a failed render, is the browser's.
      const lang = isLang(queryLang) ? queryLang : DEFAULT_LANG;
      const renderedOrNull = ssr.render(store, request.headers.host ?? '', origin, url, lang, () => inliner.data(store)).catch((e) => {
        request.log.warn({ err: e }, 'index.html without the server-rendered page');
        return null;
      });
      const [seo, renderedHere] = await Promise.all([seoOrNull, renderedOrNull]);
      // An unknown address answers 404 with the storefront's own 404 page (the app shows it there too).
      const rendered =
        seo?.status === 404 && isUnknownPath(url)
          ? await ssr.notFound(store, request.headers.host ?? '', origin, url, lang, () => inliner.data(store)).catch((e) => {
              request.log.warn({ err: e }, 'the 404 page without the server-rendered page');
              return null;
            })
          : renderedHere;
      // A bad id under a path the app routes itself is left to the browser; the rendered HTML replaces the noscript copy.
      const useRendered = rendered && (!seo || seo.status === 200 || url === '/404' || isUnknownPath(url)) ? rendered : null;
      // A rendered page carries only the categories its first screen draws (marked partial: the app asks for the
      // whole list after hydration); a page the browser draws itself carries the whole list.
      const inlined = await inliner.render(html, store, useRendered?.categories);
      if (!seo) return pageAnswer(200, useRendered ? applySsr(inlined, useRendered) : inlined);
      if (useRendered) return pageAnswer(seo.status, applySsr(applySeo(inlined, { ...seo, body: seo.bodyBesideSsr ?? '' }, origin, url), useRendered));
      return pageAnswer(seo.status, applySeo(inlined, seo, origin, url));
    } catch (e) {
      request.log.warn({ err: e }, 'index.html without the inlined shop');
      return pageAnswer(200, html);
    }
  }
  // A route for every other GET, so the pages are compressed like any answer (the not-found handler is no
  // route: the compression hook does not see it); the handler still serves what the admin's files miss.
  app.get('/*', page);
  app.setNotFoundHandler(page);
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
