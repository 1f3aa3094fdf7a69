/**
 * The storefront rendered on the server (server/features/seo/ssr.ts loads this module's build,
 * dist/ssr/entry-server.js): the same components as the browser, with a Redux store that the same sagas
 * fill with the data the page asks for first (a list's or a search's first page, the item, the shop's info
 * texts), through the server's own api (`request`, in-process). The browser hydrates the HTML with that
 * state (main.tsx) and asks for none of it again: the sagas see the list, the search page or the item is
 * there, and the info page's first request takes the server's texts (infoSlice `fromServer`).
 *
 * Every public page is rendered: the home, category pages, list pages (`/category/x/N` shows page N, as
 * the browser's ProductListPage starts there, in the sort and with the filters its ?sort=&f= name), item
 * pages, search pages (the first page of results, likewise), the info pages and 404. Of the device-dependent
 * pages (cart, order, favourites, account, map, filters) only the shell is: the header, menu and footer, and
 * the page's heading with grey bars (app/pages/DeviceShell.tsx), the page's own part left to the browser
 * (lib/clientOnly), which draws it while it hydrates the rest.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from './lib/router';
import { DEFAULT_LANG, type Catalogue, type Lang } from '../i18n';
import { createApiClient, type ShopConfig } from '../dataProvider/apiClient';
import { parseListAddress } from '../schemas/rules/listAddress';
import App from './app/App';
import { isDevicePage } from './app/routes';
import { CLIENT_ONLY } from './lib/clientOnly';
import { createAppStore, type RootState } from './app/store';
import { categoryPageParams, LIST_PAGE_SIZE, listKeyOf } from './features/catalogue/catalogueApi';
import { loadCategoryPage } from './features/catalogue/catalogueSaga';
import { pageLoaded, sortedBanners } from './features/catalogue/catalogueSlice';
import { addressQuerySeen } from './features/catalogue/filtersSlice';
import './features/info/feature';
import { loadInfo } from './features/info/infoSaga';
import { infoFromServer, INFO_PAGES, type InfoPageName } from './features/info/infoSlice';
import './features/item/feature';
import { loadItem } from './features/item/itemSaga';
import { loadSearchPage } from './features/search/searchSaga';
import { searchPageOpened } from './features/search/searchSlice';
import { firstScreenCategories } from './features/seo/firstScreen';
import type { InlineShop } from './features/stores/inlineShop';
import { shopLoaded } from './features/stores/shopSlice';
import { buildTree, isValidPath, lastId, ROOT_PATH, type Category } from './lib/categories';
import { setShopConfig } from './lib/config';
import { setTexts, textsOf } from './lib/i18n';

/** The server's api, in-process: POST /api?api=<name> with a form body; the answer's status and text. */
export type ServerRequest = (pathAndQuery: string, body: string) => Promise<{ status: number; text: string }>;

export interface RenderInput {
  /** The path; a list page's with its sort and filters (?sort=&f=, schemas/rules/listAddress), else no query. */
  url: string;
  lang: Lang;
  config: ShopConfig;
  /** The shop's answers the page inlines anyway (#shop-data): the store settings, categories, banners. */
  shop: InlineShop;
  request: ServerRequest;
}

/**
 * What goes into the page: #root's HTML and the state for hydration (`SsrData`, in `<script type="application/json" id="ssr-data">`);
 * `categories`: the categories the page was rendered with when they are fewer than the shop's (its first
 * screen's, features/seo/firstScreen.ts), which #shop-data then carries marked partial instead of the whole list.
 */
export interface RenderOutput {
  html: string;
  data: SsrData;
  categories?: { list: Category[]; complete: string[] };
}

/** The data block the browser hydrates with (main.tsx). shop.store and shop.categories come from #shop-data. */
export interface SsrData {
  lang: Lang;
  path: string;
  config: ShopConfig;
  state: Partial<RootState>;
}

export const SSR_DATA_ID = 'ssr-data';

type Route =
  | { kind: 'category'; path: string }
  | { kind: 'list'; path: string; page: number }
  | { kind: 'item'; path: string; id: string }
  | { kind: 'search'; word: string }
  | { kind: 'info'; page: InfoPageName }
  | { kind: 'plain' }
  | { kind: 'device' };

/** A path segment as the router's useParams gives it (react-router's decodePath: an encoded '/' stays %2F); null when malformed. */
function routerParam(segment: string): string | null {
  try {
    return decodeURIComponent(segment).replace(/\//g, '%2F');
  } catch {
    return null;
  }
}

/** The api's page of a category list (server/features/catalogue/offerKeyset.ts PAGE_SIZE). */

/** The highest list page rendered (deeper addresses are left to the browser). */
const MAX_PAGE = 100_000;

/** The pages rendered here and what each loads first. */
export function routeOf(url: string): Route | null {
  if (url === '/' || url === '/404') return url === '/' ? { kind: 'category', path: ROOT_PATH } : { kind: 'plain' };
  let m = /^\/category\/([^/]+)$/.exec(url);
  if (m) return { kind: 'category', path: m[1] };
  // Any page of a list: the browser's ProductListPage starts at the address's page.
  m = /^\/category\/([^/]+)\/(\d+)$/.exec(url);
  if (m) return Number(m[2]) >= 1 && Number(m[2]) <= MAX_PAGE ? { kind: 'list', path: m[1], page: Number(m[2]) } : null;
  m = /^\/category\/([^/]+)\/item\/([^/]+)$/.exec(url);
  if (m) return { kind: 'item', path: m[1], id: m[2] };
  // A search page, with or without its page number: the first page of results, as SearchPage loads it.
  m = /^\/search\/word\/([^/]+)(?:\/(\d+))?$/.exec(url);
  if (m) {
    const word = routerParam(m[1]);
    return word?.trim() ? { kind: 'search', word } : null;
  }
  m = /^\/([a-z_]+)$/.exec(url);
  if (m && (INFO_PAGES as readonly string[]).includes(m[1])) return { kind: 'info', page: m[1] as InfoPageName };
  return isDevicePage(url) ? { kind: 'device' } : null;
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

/**
 * The app's HTML once everything in it is ready, the lazy pages' chunks included (react-dom/static's prerender
 * waits for every Suspense boundary). No boundary is sent apart to be completed by an inline script
 * (progressiveChunkSize): the page's CSP runs none, and the HTML is kept and sent whole anyway
 * (server/features/seo/ssr.ts). An error anywhere fails the render (React would leave that part to the
 * browser): the page is then served for the browser to draw, as before.
 *
 * First in one synchronous pass (renderToString: the same markup, written as a string rather than encoded to
 * bytes and decoded again, a third of a list page's render): once a lazy page's chunk is in, nothing of a
 * public page waits. A boundary that did not complete there (a chunk not loaded yet, an error, a device
 * page's own part) sends the page through the prerender, which waits for the chunk and tells the error.
 */
async function renderHtml(app: ReactNode, once: boolean): Promise<string> {
  if (once) {
    try {
      const html = renderToString(app);
      if (!/<!--\$[!?]/.test(html)) return html;
    } catch {
      // The prerender below tells the error, or renders what waited.
    }
  }
  let error: unknown = null;
  // A device page's own part (lib/clientOnly) is no failure: its boundary goes out as its fallback, marked for the browser.
  const onError = (e: unknown) => ((e as { digest?: unknown })?.digest === CLIENT_ONLY ? CLIENT_ONLY : void (error ??= e));
  const { prelude } = await prerenderToNodeStream(app, { progressiveChunkSize: Number.POSITIVE_INFINITY, onError });
  let html = '';
  prelude.setEncoding('utf8');
  for await (const chunk of prelude) html += chunk as string;
  if (error) throw error;
  return html;
}

export async function render(input: RenderInput): Promise<RenderOutput | null> {
  const [pathname, search = ''] = input.url.split('?');
  const route = routeOf(pathname);
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
      shop: { status: 'idle', error: null, store: store0, categories, categoriesPartial: null, categoriesError: null, loaded: true, isOwner: false, subscription: { status: 'idle', errors: {}, error: null } },
      catalogue: { lists: {}, recent: [], banners: { items: sortedBanners(input.shop.shop_banners ?? []), status: 'idle', loaded: true }, status: 'idle' },
    },
  );
  try {
    if (route.kind === 'list') {
      const categoryId = lastId(route.path);
      const query = parseListAddress(search);
      if (query) store.dispatch(addressQuerySeen({ path: route.path, query }));
      const key = listKeyOf(categoryId, query?.sort, query?.filters, route.page);
      await store.runSaga(loadCategoryPage, { key, categoryId, sort: query?.sort, filters: query?.filters, first: route.page }, route.page).toPromise();
      const list = store.getState().catalogue.lists[key];
      if (list?.status !== 'idle') return null;
      // A full page: is there a next one? (Its link is drawn only then, so a crawler never follows it to a 404.)
      // An empty next page ends the list as the browser's paging would; a next page with products changes nothing.
      if (list.items.length >= LIST_PAGE_SIZE) {
        const next = await api.call<{ offers?: unknown[] }>('offers', categoryPageParams(categoryId, route.page + 1, query?.sort, query?.filters)).catch(() => null);
        if (next && Array.isArray(next.offers) && next.offers.length === 0) store.dispatch(pageLoaded({ key, offset: route.page + 1, items: [], first: route.page }));
      } else store.dispatch(pageLoaded({ key, offset: route.page + 1, items: [], first: route.page }));
    } else if (route.kind === 'item') {
      await store.runSaga(loadItem, decodeURIComponent(route.id)).toPromise();
      const entry = store.getState().item.byId[decodeURIComponent(route.id)];
      if (!entry?.item) return null;
    } else if (route.kind === 'search') {
      await store.runSaga(loadSearchPage, route.word, 1).toPromise();
      const list = store.getState().search.list;
      if (list.key !== route.word || list.status !== 'idle' || list.offset !== 1) return null;
      // What SearchPage dispatches when it shows: the header's input holds the word (the list is there: no load).
      store.dispatch(searchPageOpened(route.word));
    } else if (route.kind === 'info') {
      await store.runSaga(loadInfo).toPromise();
      const info = store.getState().info;
      if (!info.loaded || info.status !== 'idle') return null;
      // The browser's InfoPage asks for the texts when it mounts: that first ask takes these instead.
      store.dispatch(infoFromServer());
    }
    // Only the categories the first screen draws go with the page (#shop-data) and the page is drawn with
    // them, so the browser hydrates with exactly these; a path the whole tree rejects keeps the whole list
    // (its page is the 404's, not a pending one).
    // A device page carries the whole list: its lines (cart, favourites, orders) link under any category.
    const pagePath = 'path' in route ? route.path : ROOT_PATH;
    if (route.kind !== 'device' && isValidPath(tree, pagePath)) {
      // A list's cards too: each links to its product's one address, under its own category's path.
      const { catalogue, shop: _shop, ...named } = store.getState();
      const first = firstScreenCategories(categories, pagePath, { ...named, lists: catalogue.lists });
      if (first.categories.length < categories.length) store.dispatch(shopLoaded({ store: store0, categories: first.categories, partial: { complete: first.complete } }));
    }
    const state = store.getState();
    const partial = state.shop.categoriesPartial ? { list: state.shop.categories, complete: state.shop.categoriesPartial.complete } : undefined;
    const html = await serial(async () => {
      setTexts(input.lang, catalogue);
      setShopConfig(input.config);
      const app = <App store={store} Router={({ children }) => <StaticRouter location={search ? `${pathname}?${search}` : pathname}>{children}</StaticRouter>} />;
      return renderHtml(app, route.kind !== 'device');
    });
    // The shop's settings and categories (and their partial mark) are in the page already (#shop-data): not twice. The lazy
    // features' state goes only with their own page (the browser keeps it only once their chunk is in).
    const { shop, item, info, ...rest } = state;
    const lazy = { ...(route.kind === 'item' ? { item } : {}), ...(route.kind === 'info' ? { info } : {}) };
    return {
      html,
      data: { lang: input.lang, path: pathname, config: input.config, state: { ...rest, ...lazy, shop: { ...shop, store: null, categories: [], categoriesPartial: null } } },
      ...(partial ? { categories: partial } : {}),
    };
  } finally {
    store.dispose();
  }
}

export { DEFAULT_LANG };
