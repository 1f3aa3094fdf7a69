import crypto from 'node:crypto';
import { rgbaCss, themeCss } from '../../../schemas/colours';
import type { Db, Store } from '../../db/types';
import { listCategories, categoryTree } from '../catalogue/public';
import { listBanners } from '../banners/public';
import { acquirerFor } from '../payments/public';
import { storeToApi } from './stores';

/**
 * The storefront's first screen without a request chain: index.html carries the Host's store as
 * api=stores answers it (public fields only), its category list as api=offers_category answers it and its
 * banners as api=shop_banners does, in `<script id="shop-data" type="application/json">` (storefront/features/stores/inlineShop.ts reads it),
 * plus the shop's title and a description for search engines. Cached per store for a few seconds, like
 * the category tree. A server-rendered page carries only its first screen's categories, marked
 * `offers_category_partial: {complete}` (render's `categories`); the app then asks for the whole list.
 */
const TTL_MS = 5_000;
const MAX_STORES = 500;

/** JSON that is safe inside a script element: no '<' (so no '</script>' or '<!--'), no '>' or '&', no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text of the shop's about page, for the meta description. */
function describe(store: Record<string, unknown>): string {
  const about = String(store.about_company ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_, e: string) => ({ nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const text = about || String(store.title || store.name || '');
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}…` : text;
}

interface Inline {
  json: string;
  /** The same answers as objects (the server's render of the page starts from them, features/seo/ssr.ts). */
  data: { stores: unknown[]; offers_category: unknown[]; shop_banners: unknown[] };
  title: string;
  description: string;
  /** The store's colours as CSS variables, then the owner's CSS: the first paint is in the shop's colours. */
  styles: string;
  themeColor: string;
  /** A digest of everything above: pages built from this inline are kept under it (server/app.ts). */
  fingerprint: string;
}

/**
 * CSS text that cannot end its style element early: every '<' becomes the CSS escape `\3c ` (the same
 * character inside a CSS string; outside one '<' is no CSS), so no spelling of `</style>` is left.
 * Removing '</style' once, as before, let '<</style/style>' close the element.
 */
const styleText = (css: string) => css.replace(/</g, '\\3c ');

export function createIndexInliner(db: Db, opts: { acquiringUrl: string | null }) {
  const cache = new Map<number, { at: number; store: Store; inline: Promise<Inline> }>();

  async function build(store: Store): Promise<Inline> {
    const api = storeToApi(store, { owner: false, acquirerReady: acquirerFor(store, opts.acquiringUrl) !== null }) as Record<string, unknown>;
    const [tree, banners] = await Promise.all([categoryTree(db, store.id), listBanners(db, store)]);
    const colors = api.colors as Record<string, string> | undefined;
    const data = { stores: [api], offers_category: listCategories(tree, store.id), shop_banners: banners };
    // The banners too: drawn with the first category's buttons, they no longer push them down when they arrive.
    const json = scriptSafeJson(data);
    const title = String(api.title || api.name || '');
    const description = describe(api);
    const styles =
      `<style id="shop-theme">${styleText(themeCss(colors))}</style>` +
      (String(api.custom_css ?? '').trim() ? `<style id="shop-custom-css">${styleText(String(api.custom_css))}</style>` : '');
    const themeColor = rgbaCss(colors?.header_background, '255,255,255,1');
    const fingerprint = crypto.createHash('sha1').update(`${json}\u0000${styles}\u0000${themeColor}\u0000${title}\u0000${description}`).digest('base64');
    return { data, json, title, description, styles, themeColor, fingerprint };
  }

  function inline(store: Store): Promise<Inline> {
    let hit = cache.get(store.id);
    // A store row the resolver loaded anew (after a settings save, say) is built anew too.
    if (!hit || hit.store !== store || Date.now() - hit.at >= TTL_MS) {
      if (cache.size >= MAX_STORES) cache.clear();
      hit = { at: Date.now(), store, inline: build(store) };
      cache.set(store.id, hit);
      hit.inline.catch(() => cache.delete(store.id));
    }
    return hit.inline;
  }

  return {
    /** The inlined answers as objects (kept with the page's inline, same few seconds). */
    async data(store: Store) {
      return (await inline(store)).data;
    },
    /** What the store's inline is made of, as a digest (changes with the settings, the categories, the banners). */
    async fingerprint(store: Store) {
      return (await inline(store)).fingerprint;
    },
    /**
     * index.html with the store's data inlined (unchanged when the page has no </head>). `categories`: only
     * these of the category list (a server-rendered page's first screen, features/seo/ssr.ts), marked
     * `offers_category_partial` ({complete}: the ids whose children are all in) so the app asks for the whole
     * list itself (storefront/features/stores/shopSaga.ts).
     */
    async render(html: string, store: Store, categories?: { list: unknown[]; complete: string[] }): Promise<string> {
      const inlined = await inline(store);
      const { title, description, styles, themeColor } = inlined;
      const json = categories
        ? scriptSafeJson({ ...inlined.data, offers_category: categories.list, offers_category_partial: { complete: categories.complete } })
        : inlined.json;
      if (!html.includes('</head>')) return html;
      const head =
        (description ? `<meta name="description" content="${escapeHtml(description)}" />` : '') +
        `<script id="shop-data" type="application/json">${json}</script>` +
        styles;
      let out = html.replace('</head>', () => `${head}</head>`);
      out = out.replace(/<meta name="theme-color" content="[^"]*"/, () => `<meta name="theme-color" content="${escapeHtml(themeColor)}"`);
      if (title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
      return out;
    },
  };
}
