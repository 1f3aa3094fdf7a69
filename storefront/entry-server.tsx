/**
 * The storefront rendered on the server (server/features/seo/ssr.ts loads this module's build,
 * dist/ssr/entry-server.js): the same components as the browser, with a Redux store that the same sagas
 * fill with the data the page asks for first (the list's first page, the item), through the server's own
 * api (`request`, in-process). The browser hydrates the HTML with that state (main.tsx) and asks for none
 * of it again: the sagas see the list or the item is there.
 *
 * Device-dependent pages (cart, order, favourites, account, map, filters) and pages whose first data is
 * not loaded here (search, info, later list pages) are not rendered: null, and the browser renders them.
 */
import { renderToStringAsync } from 'preact-render-to-string';
import type { VNode } from 'preact';
import { StaticRouter } from 'react-router';
import { DEFAULT_LANG, type Catalogue, type Lang } from '../i18n';
import { createApiClient, type ShopConfig } from '../dataProvider/apiClient';
import App from './app/App';
import { createAppStore, type RootState } from './app/store';
import { listKeyOf } from './features/catalogue/catalogueApi';
import { loadCategoryPage } from './features/catalogue/catalogueSaga';
import { sortedBanners } from './features/catalogue/catalogueSlice';
import './features/item/feature';
import { loadItem } from './features/item/itemSaga';
import type { InlineShop } from './features/shop/inlineShop';
import { buildTree, isValidPath, lastId } from './lib/categories';
import { setShopConfig } from './lib/config';
import { setTexts, textsOf } from './lib/i18n';

/** The server's api, in-process: POST /api?api=<name> with a form body; the answer's status and text. */
export type ServerRequest = (pathAndQuery: string, body: string) => Promise<{ status: number; text: string }>;

export interface RenderInput {
  /** The path (no query). */
  url: string;
  lang: Lang;
  config: ShopConfig;
  /** The shop's answers the page inlines anyway (#shop-data): the store settings, categories, banners. */
  shop: InlineShop;
  request: ServerRequest;
}

/** What goes into the page: #root's HTML and the state for hydration (`SsrData`, in `<script type="application/json" id="ssr-data">`). */
export interface RenderOutput {
  html: string;
  data: SsrData;
}

/** The data block the browser hydrates with (main.tsx). shop.store and shop.categories come from #shop-data. */
export interface SsrData {
  lang: Lang;
  path: string;
  config: ShopConfig;
  state: Partial<RootState>;
}

export const SSR_DATA_ID = 'ssr-data';

type Route = { kind: 'category' } | { kind: 'list'; path: string } | { kind: 'item'; path: string; id: string } | { kind: 'plain' };

/** The pages rendered here and what each loads first. */
export function routeOf(url: string): Route | null {
  if (url === '/' || url === '/404') return url === '/' ? { kind: 'category' } : { kind: 'plain' };
  let m = /^\/category\/([^/]+)$/.exec(url);
  if (m) return { kind: 'category' };
  // A later page of a list starts at page 1 in the browser (ProductListPage): left to the browser.
  m = /^\/category\/([^/]+)\/1$/.exec(url);
  if (m) return { kind: 'list', path: m[1] };
  m = /^\/category\/([^/]+)\/item\/([^/]+)$/.exec(url);
  if (m) return { kind: 'item', path: m[1], id: m[2] };
  return null;
}

const texts = new Map<Lang, Promise<Catalogue>>();

/**
 * The texts (lib/i18n) and config (lib/config) are the module's own, one set at a time: renders take turns
 * (a render is CPU work; the waits inside are the page modules' first loads).
 */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

export async function render(input: RenderInput): Promise<RenderOutput | null> {
  const route = routeOf(input.url);
  if (!route) return null;
  const store0 = input.shop.stores?.[0] ?? null;
  const categories = input.shop.offers_category ?? [];
  if (!store0) return null;
  const tree = buildTree(categories);
  if ((route.kind === 'list' || route.kind === 'item') && !isValidPath(tree, route.path)) return null;
  let textsP = texts.get(input.lang);
  if (!textsP) texts.set(input.lang, (textsP = textsOf(input.lang)));
  const catalogue = await textsP;

  const api = createApiClient({
    apiHost: 'http://ssr.invalid/api',
    getAuth: () => null,
    getLang: () => input.lang,
    fetch: async (url, init) => {
      const u = new URL(String(url));
      const body = new URLSearchParams();
      for (const [k, v] of (init?.body as FormData | undefined)?.entries() ?? []) body.append(k, String(v));
      const res = await input.request(u.pathname + u.search, body.toString());
      return new Response(res.text, { status: res.status });
    },
  });
  const store = createAppStore(
    { api, listRetry: { retries: 0, delayMs: 0 } },
    {
      shop: { status: 'idle', error: null, store: store0, categories, loaded: true, isOwner: false, subscription: { status: 'idle', errors: {}, error: null } },
      catalogue: { lists: {}, recent: [], banners: { items: sortedBanners(input.shop.shop_banners ?? []), status: 'idle', loaded: true }, status: 'idle' },
    },
  );
  try {
    if (route.kind === 'list') {
      const categoryId = lastId(route.path);
      await store.runSaga(loadCategoryPage, { key: listKeyOf(categoryId), categoryId }, 1).toPromise();
      if (store.getState().catalogue.lists[listKeyOf(categoryId)]?.status !== 'idle') return null;
    } else if (route.kind === 'item') {
      await store.runSaga(loadItem, decodeURIComponent(route.id)).toPromise();
      const entry = store.getState().item.byId[decodeURIComponent(route.id)];
      if (!entry?.item) return null;
    }
    const state = store.getState();
    const html = await serial(async () => {
      setTexts(input.lang, catalogue);
      setShopConfig(input.config);
      // Preact, as in the browser (vite.config.ts aliases react to preact/compat); it waits for the lazy pages.
      const app = <App store={store} Router={({ children }) => <StaticRouter location={input.url}>{children}</StaticRouter>} />;
      return renderToStringAsync(app as unknown as VNode);
    });
    // The shop's settings and categories are in the page already (#shop-data): not twice.
    const { shop, ...rest } = state;
    return { html, data: { lang: input.lang, path: input.url, config: input.config, state: { ...rest, shop: { ...shop, store: null, categories: [] } } } };
  } finally {
    store.dispose();
  }
}

export { DEFAULT_LANG };
