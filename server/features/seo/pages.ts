import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../../api/context';
import { compressAnswer, pickEncoding, type CachedAnswer } from '../../api/responseCache';
import { catalogueVersion } from '../../db/catalogueVersion';
import type { Store } from '../../db/types';
import { cspHash, pagePolicy } from '../../lib/securityHeaders';
import { originOf } from '../../lib/origin';
import { createIndexInliner } from '../stores/public';
import { DEFAULT_LANG, isLang, RTL_LANGS, type Lang } from '../../../i18n';
import { listAddressSearch, parseListAddress } from '../../../schemas/rules/listAddress';
import { applySeo, seoGeneration, seoPage } from './seo';
import { applySsr, createSsr, isUnknownPath } from './ssr';
import { APP_START_HASH, startAfterPaint } from './appStart';
import { TAP_QUEUE_ELEMENT, TAP_QUEUE_HASH } from './tapQueue';
import { hasWideList, WIDE_LIST_ELEMENT, WIDE_LIST_HASH } from './wideList';

interface PageAnswer {
  status: number;
  body: Buffer;
  csp: string;
  entry?: CachedAnswer;
  /** A redirect's target. */
  location?: string;
}

/**
 * The address a storefront page is built for: its path, and on a list page (/category/x/N) the sort and
 * filters of its query in their one canonical form (schemas/rules/listAddress; other parameters are not the page's).
 */
export function pageAddress(requestUrl: string, pathname: string): string {
  if (!/^\/category\/[^/]+\/\d+$/.test(pathname)) return pathname;
  const q = requestUrl.indexOf('?');
  return q < 0 ? pathname : pathname + listAddressSearch('', parseListAddress(requestUrl.slice(q + 1)));
}

/** The html element's lang and dir for the page's language. */
const inLang = (html: string, lang: Lang) => html.replace(/<html[^>]*>/i, `<html lang="${lang}" dir="${RTL_LANGS.includes(lang) ? 'rtl' : 'ltr'}">`);

/** The built apps: the admin under /admin/, the storefront at /; unknown paths get the app's index (its router shows /404). */
export function registerPages(app: FastifyInstance, services: AppServices, distDir: string) {
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
    return storefrontPage(request, pageAddress(request.url, url), () => sendIndex(storefront) ?? '').then((answer) => {
      if (answer.location) return reply.status(answer.status).header('cache-control', 'no-cache').header('vary', 'Host').redirect(answer.location, answer.status);
      reply
        .status(answer.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Host')
        .header('content-security-policy', answer.csp)
        .header('x-frame-options', 'SAMEORIGIN');
      const encoding = answer.body.length >= 1024 ? pickEncoding(request.headers['accept-encoding']) : null;
      // A kept page goes out in the bytes compressed once for it, another compressed here in one call
      // (compressAnswer: a third of @fastify/compress's stream; it leaves an encoded answer be).
      if (encoding) {
        const bytes = answer.entry && services.responseCache ? services.responseCache.encoded(answer.entry, encoding) : compressAnswer(answer.body, encoding);
        return reply.header('content-encoding', encoding).header('vary', 'Host, Accept-Encoding').send(bytes);
      }
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
  const storefrontPage = async (request: FastifyRequest, url: string, readIndex: () => string): Promise<PageAnswer> => {
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
        return { body: built.body, meta: { status: built.status, csp: built.csp, ...(built.location ? { location: built.location } : {}) } };
      });
      if (entry?.meta) return { status: Number(entry.meta.status), body: entry.body, csp: String(entry.meta.csp), entry, ...(entry.meta.location ? { location: String(entry.meta.location) } : {}) };
      return make();
    } catch (e) {
      request.log.warn({ err: e }, 'the storefront page outside the answer cache');
      return make();
    }
  };

  const policy = (styles: string[]) =>
    pagePolicy({ mapTilesUrl: services.config.mapTilesUrl, publicUrl: services.config.publicUrl }, { hashes: styles }, [TAP_QUEUE_HASH, APP_START_HASH, WIDE_LIST_HASH]);
  /** The page's answer: its CSP names the hashes of the server's inline styles (the theme, the owner's CSS, the rendered page's). */
  const pageAnswer = (status: number, page: string, url = ''): PageAnswer => {
    // A server-rendered page (its root has content): the tap queue first, the app after the first paint; a
    // category page sends a wide window on to its list before anything is drawn (wideList.ts).
    // (An empty root is the browser's page: it paints nothing before the app, which must start at once.)
    const rendered = page.includes('<div id="root"><') && !page.includes('<div id="root"></div>');
    const head = TAP_QUEUE_ELEMENT + (status === 200 && hasWideList(url) ? WIDE_LIST_ELEMENT : '');
    const withTaps = rendered ? startAfterPaint(page.replace(/<meta charset="[^"]*"\s*\/?>|<head>/i, (m) => `${m}${head}`)) : page;
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
      if (seo?.redirect) return { status: seo.status, body: Buffer.alloc(0), csp: policy([]), location: seo.redirect };
      // An unknown address answers 404 with the storefront's own 404 page (the app shows it there too); so does
      // a list page past the list's end (the app goes to /404 there: the page is drawn anew, not hydrated).
      const notFoundPage = seo?.status === 404 && (isUnknownPath(url) || seo.pastEnd);
      const rendered = notFoundPage
        ? await (seo.pastEnd ? ssr.render(store, request.headers.host ?? '', origin, '/404', lang, () => inliner.data(store)) : ssr.notFound(store, request.headers.host ?? '', origin, url, lang, () => inliner.data(store))).catch((e) => {
            request.log.warn({ err: e }, 'the 404 page without the server-rendered page');
            return null;
          })
        : renderedHere;
      // A bad id under a path the app routes itself is left to the browser; the rendered HTML replaces the noscript copy.
      const useRendered = rendered && (!seo || seo.status === 200 || url === '/404' || notFoundPage) ? rendered : null;
      // A rendered page carries only the categories its first screen draws (marked partial: the app asks for the
      // whole list after hydration); a page the browser draws itself carries the whole list.
      // The page's language as its text is (?lang=, else the default): lang and dir of the html element.
      const inlined = inLang(await inliner.render(html, store, useRendered?.categories), lang);
      if (!seo) return pageAnswer(200, useRendered ? applySsr(inlined, useRendered) : inlined, url);
      if (useRendered) return pageAnswer(seo.status, applySsr(applySeo(inlined, { ...seo, body: seo.bodyBesideSsr ?? '' }, origin, url), useRendered), url);
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
