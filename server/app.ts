import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import type { Database } from './db/database';
import { ApiError, badRequest } from './errors';
import { registerApi } from './api/dispatcher';
import { ApiHandlers } from './api/handlers';
import { BROTLI_QUALITY, ResponseCache } from './api/responseCache';
import type { AppServices } from './api/context';
import { createStoreResolver, storeValues } from './api/tenant';
import { registerRestRoutes, RestResources } from './rest/routes';
import { registerSecurityHeaders } from './lib/securityHeaders';
import { databaseRateLimitStore } from './lib/rateLimitStore';
import { trustHops } from './lib/proxyHops';
import { MAX_BODY_BYTES, MAX_MULTIPART_BYTES, MULTIPART_LIMITS, bodyLimitError, registerBodyLimits } from './lib/bodyLimits';
import { originOf } from './lib/origin';
import { createImageStore } from './features/images/public';
import { consoleSms, httpSms, type SmsSender } from './features/auth/public';
import type { ChannelAdapter } from './features/notifications/public';
import { registerHostCheck, systemDomainProver, type DomainProver } from './features/stores/public';
import { storesFeature } from './features/stores';
import { authFeature } from './features/auth';
import { catalogueFeature } from './features/catalogue';
import { bannersFeature } from './features/banners';
import { ordersFeature } from './features/orders';
import { checkoutFeature } from './features/checkout';
import { placesFeature } from './features/places';
import { promoFeature } from './features/promo';
import { paymentsFeature } from './features/payments';
import { pushFeature } from './features/push';
import { ingredientsFeature } from './features/ingredients';
import { questionsFeature } from './features/questions';
import { notificationsFeature } from './features/notifications';
import { dashboardFeature } from './features/dashboard';
import { ymlFeature } from './features/yml';
import { imagesFeature } from './features/images';
import { seoFeature } from './features/seo';

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
  app.decorate('apiHandlers', new ApiHandlers());
  app.decorate('restResources', new RestResources());

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
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } });
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

  registerApi(app, services, app.apiHandlers);
  await registerRestRoutes(app, [], (rest) => {
    rest.get('/', async () => ({ resources: app.restResources.names }));
  });
  redirectBareAdminPaths(app);
  await registerFeatures(app, opts);

  return { app, services };
}

/**
 * The features, each a Fastify plugin that registers its own `api=` handlers, REST resources, routes and
 * background jobs (server/features/<feature>/index.ts). This list is the one place that names them all;
 * GET /rest/ lists the REST resources in this order.
 */
async function registerFeatures(app: FastifyInstance, opts: AppOptions) {
  for (const feature of [storesFeature, authFeature, catalogueFeature, bannersFeature, placesFeature, promoFeature, ingredientsFeature, checkoutFeature, ordersFeature, paymentsFeature, pushFeature, questionsFeature]) {
    await app.register(feature);
  }
  await app.register(notificationsFeature, { adapters: opts.notificationAdapters });
  for (const feature of [dashboardFeature, ymlFeature, imagesFeature]) await app.register(feature);
  // Last: its pages answer every path no other route takes.
  await app.register(seoFeature, { serveApps: opts.serveApps !== false, distDir: opts.distDir ?? DIST_DIR });
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

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
