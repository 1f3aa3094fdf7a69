import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../../i18n';
import type { Db, Store } from '../../db/types';
import { catalogueVersion } from '../../db/catalogueVersion';
import { scriptJson } from './seo';

/**
 * The storefront's pages rendered on the server with its own React components (storefront/entry-server.tsx,
 * built to dist/ssr/entry-server.js by scripts/build.ts): #root carries the page's HTML and
 * `<script type="application/json" id="ssr-data">` the state the browser hydrates with (main.tsx), '<'
 * escaped (scriptJson); the page's CSP allows no inline script and needs none.
 *
 * The render's data comes from the server's own api in-process (app.inject of POST /api?api=...), so it is
 * exactly what the browser would have asked for. A rendered page is kept per store, catalogue version
 * (catalogue_versions, the same across WORKERS), language, origin and path for up to KEEP_MS: a popular list
 * page costs one render per catalogue change, not one per request (bench/ssr.ts).
 */
interface SsrModule {
  render(input: {
    url: string;
    lang: Lang;
    config: { API_HOST: string; URL_IMAGES: string; MAP_TILES_URL?: string };
    shop: unknown;
    request: (pathAndQuery: string, body: string) => Promise<{ status: number; text: string }>;
  }): Promise<{ html: string; data: unknown; categories?: FirstScreenCategories } | null>;
}

export interface RenderedPage {
  /** #root's inner HTML. */
  html: string;
  /** The data block, ready to go after #root. */
  script: string;
  /** What the data block holds (notFound() reuses the /404 page's at another path). */
  data: { path: string } & Record<string, unknown>;
  /** The rendered elements' style attributes as a stylesheet for the head (see inlineStyles). */
  styles: string;
  /**
   * The categories the page was rendered with when fewer than the shop's: the first screen's (the top level,
   * the page's path with its children, the chain of each category its state names; storefront/features/seo/firstScreen.ts).
   * #shop-data carries these, marked partial, instead of the whole list (server/app.ts); the app asks for the rest.
   */
  categories?: FirstScreenCategories;
}

/** A rendered page's categories: `list` (api=offers_category's form), `complete` the ids whose children are all in it ('0' the top level). */
export interface FirstScreenCategories {
  list: unknown[];
  complete: string[];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * The page's CSP allows no style attribute in the HTML (React sets styles through the CSSOM, which it
 * allows), so the rendered elements' `style="..."` (a banner's width) become `data-ssr-style="n"` and one
 * rule each in `<style id="shop-ssr">`, allowed by its hash like the shop's other styles (server/app.ts). React
 * does not compare attributes while hydrating; a later change of the style prop is set through the CSSOM.
 */
export function inlineStyles(html: string): { html: string; styles: string } {
  const rules: string[] = [];
  const out = html.replace(/ style="([^"]*)"/g, (_m, css: string) => {
    const text = css.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]);
    const decls = text
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => `${d.replace(/\s*!important$/, '')} !important`);
    rules.push(`[data-ssr-style="${rules.length}"]{${decls.join(';')}}`);
    return ` data-ssr-style="${rules.length - 1}"`;
  });
  // Like the owner's CSS (stores/indexInline.ts): no '<' in the style element, so nothing can close it early.
  return { html: out, styles: rules.length ? `<style id="shop-ssr">${rules.join('').replace(/</g, '\\3c ')}</style>` : '' };
}

const KEEP_MS = 30_000;

/**
 * The lazy chunks (build manifest keys) a rendered page shows besides the first bundle: its page module and
 * feature (app/routes.tsx) and the footer's news form (every page). The first matching row counts.
 */
export const LAZY_CHUNKS: [RegExp, string[]][] = [
  [/^\/category\/[^/]+\/item\//, ['features/item/feature.ts', 'features/item/components/ItemPage.tsx']],
  [/^\/search\//, ['features/search/components/SearchPage.tsx']],
  [/^\/(about_company|delivery|payment|contacts)$/, ['features/info/feature.ts', 'features/info/components/InfoPage.tsx']],
];
export const EVERY_PAGE_CHUNKS = ['app/layout/NewsForm.tsx'];

/**
 * The stylesheets of the lazy chunks a rendered page shows (the item, search and info pages', the footer's
 * news form): linked from the head, so the server's HTML is drawn in its final look before (or without) the
 * scripts, and hydration shifts nothing. From the storefront build's manifest, with the CSS of the chunks
 * they import; the entry's own CSS is linked already.
 */
export function lazyStylesheets(distDir: string): (url: string) => string {
  let manifest: Record<string, { css?: string[]; imports?: string[] }> = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'storefront', '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return () => '';
  }
  const entryCss = new Set(manifest['index.html']?.css ?? []);
  const cssOf = (keys: string[]) => {
    const seen = new Set<string>();
    const css = new Set<string>();
    const walk = (k: string) => {
      if (seen.has(k) || !manifest[k]) return;
      seen.add(k);
      for (const c of manifest[k].css ?? []) if (!entryCss.has(c)) css.add(c);
      for (const i of manifest[k].imports ?? []) walk(i);
    };
    keys.forEach(walk);
    return [...css].map((c) => `<link rel="stylesheet" crossorigin href="/${c}" />`).join('');
  };
  const common = cssOf(EVERY_PAGE_CHUNKS);
  const pages = LAZY_CHUNKS.map(([re, keys]) => [re, cssOf([...EVERY_PAGE_CHUNKS, ...keys])] as const);
  return (url) => pages.find(([re]) => re.test(url))?.[1] ?? common;
}
const MAX_PAGES = 2_000;

export function createSsr(app: FastifyInstance, db: Db, distDir: string) {
  const file = path.join(distDir, 'ssr', 'entry-server.js');
  let mod: Promise<SsrModule | null> | null = null;
  const load = () =>
    (mod ??= fs.existsSync(file)
      ? (import(/* @vite-ignore */ file) as Promise<SsrModule>).catch((e) => {
          app.log.warn({ err: e }, 'the storefront is served without server rendering');
          return null;
        })
      : Promise.resolve(null));
  const cache = new Map<string, { version: number; store: Store; at: number; page: Promise<RenderedPage | null> }>();
  let stylesheets: ((url: string) => string) | null = null;

  async function renderNow(m: SsrModule, store: Store, host: string, origin: string, url: string, lang: Lang, shop: unknown): Promise<RenderedPage | null> {
    const out = await m.render({
      url,
      lang,
      config: { API_HOST: `${origin}/api`, URL_IMAGES: `${origin}/images/`, MAP_TILES_URL: app.services?.config.mapTilesUrl },
      shop,
      request: async (pathAndQuery, body) => {
        const res = await app.inject({ method: 'POST', url: pathAndQuery, headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
        return { status: res.statusCode, text: res.body };
      },
    });
    if (!out) return null;
    const { html, styles } = inlineStyles(out.html);
    stylesheets ??= lazyStylesheets(distDir);
    return { html, styles: stylesheets(url) + styles, script: dataScript(out.data), data: out.data as RenderedPage['data'], ...(out.categories ? { categories: out.categories } : {}) };
  }

  return {
    /** Whether the renderer is built (dist/ssr). */
    async available(): Promise<boolean> {
      return (await load()) !== null;
    },
    /**
     * The page rendered (kept while the catalogue and the store row are unchanged), or null: the browser
     * renders it. A search page at a page number is the render of the address the app draws the same
     * (renderedAs), with the data block naming this address.
     */
    async render(store: Store, host: string, origin: string, url: string, lang: Lang, shop: () => Promise<unknown>): Promise<RenderedPage | null> {
      const m = await load();
      if (!m) return null;
      const as = renderedAs(url);
      const version = await catalogueVersion(db, store.id);
      const key = `${store.id} ${lang} ${origin} ${as}`;
      const hit = cache.get(key);
      let page: Promise<RenderedPage | null>;
      if (hit && hit.version === version && hit.store === store && Date.now() - hit.at < KEEP_MS) page = hit.page;
      else {
        if (cache.size >= MAX_PAGES) cache.clear();
        page = shop().then((data) => renderNow(m, store, host, origin, as, lang, data));
        cache.set(key, { version, store, at: Date.now(), page });
        page.catch(() => cache.delete(key));
      }
      return as === url ? page : page.then((p) => p && at(p, url));
    },
    /**
     * An unknown path (its answer's status is 404): the storefront's own /404 page, rendered once and kept
     * like any page, with the data block naming this path so the browser hydrates it there (its router
     * shows the same page at an unknown path, then writes /404 in the address).
     */
    async notFound(store: Store, host: string, origin: string, url: string, lang: Lang, shop: () => Promise<unknown>): Promise<RenderedPage | null> {
      const page = await this.render(store, host, origin, '/404', lang, shop);
      return page && at(page, url);
    },
    /** Drops the kept pages (tests that write rows behind the services' back). */
    forget: () => cache.clear(),
  };
}

const dataScript = (data: unknown) => `<script type="application/json" id="ssr-data">${scriptJson(data)}</script>`;

/** A rendered page at another address the app draws it at: the data block names that address (main.tsx hydrates only at its own). */
const at = (page: RenderedPage, url: string): RenderedPage => ({ ...page, data: { ...page.data, path: url }, script: dataScript({ ...page.data, path: url }) });

/**
 * The address whose render a page is: a search page at a page number (`/search/word/w/N`) shows the first
 * page of results (SearchPage), so it is rendered once. (Each page of a category list is its own: the app
 * starts at the address's page, ProductListPage.)
 */
export function renderedAs(url: string): string {
  const search = /^(\/search\/word\/[^/]+)\/\d+$/.exec(url);
  return search ? search[1] : url;
}

/** The paths the storefront's router shows a page of its own at, even where the server answers 404 (a bad id). */
const APP_ROUTED = /^\/(category|search|filters|order|product)\//;

/** An address the storefront's router knows nothing of: it shows its 404 page there. */
export const isUnknownPath = (url: string) => url !== '/404' && !APP_ROUTED.test(url);

/**
 * The page with the rendered #root and its data block (unchanged without an empty #root). The build's
 * `<link rel="modulepreload">` list goes: a rendered page paints from its HTML, pictures and stylesheets, and
 * those fetched first on a slow phone link, not beside ~130 KB of scripts that only hydrate it (the entry
 * script still names its imports; they follow it). Lighthouse mobile, list page: 87–89 → 96, LCP 2.8 → 2.5 s.
 * Pages the browser draws itself keep the list (their first paint needs the scripts).
 */
export function applySsr(html: string, page: RenderedPage): string {
  if (!html.includes('<div id="root"></div>')) return html;
  const out = html
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${page.script}`);
  return page.styles ? out.replace('</head>', () => `${page.styles}</head>`) : out;
}
