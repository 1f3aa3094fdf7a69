// The base styles first: the features' and components' own styles (imported where used) follow them.
import './app/base.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createApiClient, loadShopConfig, type Auth } from '../dataProvider/apiClient';
import App from './app/App';
import { isLazyLanding, preloadPage } from './app/routes';
import { createAppStore, type RootState } from './app/store';
import type { SsrData } from './entry-server';
import { cacheFirstPage } from './features/catalogue/listCache';
import { loadHistory } from './features/search/searchSlice';
import { shopLoaded } from './features/stores/shopSlice';
import { langFromSearch, legacyHashPath } from './features/seo/legacyHash';
import { partialOf, readInlineShop, setInlineShop } from './features/stores/inlineShop';
import { Hydrated } from './lib/hydrated';
import { CLIENT_ONLY } from './lib/clientOnly';
import { lcpPictureDrawn } from './features/seo/lcpPicture';
import { setShopConfig } from './lib/config';
import { nextTask } from './lib/nextTask';
import { sessionRejected } from './lib/events';
import { getLang, loadPageTexts, loadTexts, storedLang } from './lib/i18n';
import { isLang } from '../i18n';
import { readString, writeString } from './lib/storage';
import './features/seo/noscript.css';

/** The signed-in customer's auth form, kept under the seed's keys. */
function storedAuth(): Auth | null {
  const user_id = readString('user_id');
  const token_seq = readString('token_seq');
  const token = readString('token');
  return user_id && token_seq && token ? { user_id, token_seq, token } : null;
}

function clearAuth() {
  for (const k of ['user_id', 'token_seq', 'token']) writeString(k, null);
}

/** Before the router starts: a legacy `#/category/...` link goes to its real path, `?lang=xx` picks the language. */
function takeLegacyLinks() {
  const target = legacyHashPath(location.hash);
  if (target) history.replaceState(null, '', target);
  const lang = langFromSearch(location.search);
  if (lang && isLang(lang)) writeString('lang', lang);
}

/**
 * The state the server rendered this page with (storefront/entry-server.tsx, server/features/seo/ssr.ts), when
 * it is this page's and in the language the app starts in; else null and the app renders by itself.
 */
function readSsrData(): SsrData | null {
  const el = document.getElementById('ssr-data');
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as SsrData;
    return data && data.path === location.pathname && data.lang === storedLang() && data.state ? data : null;
  } catch {
    return null;
  }
}

/** Hydrates the server's HTML: the same texts, config and state, and the page's own chunk first (no fallback shown). */
async function hydrate(ssr: SsrData, container: HTMLElement) {
  setShopConfig(ssr.config);
  const inline = readInlineShop();
  setInlineShop(inline);
  // A lazy page (item, search, info) waits for the later pages' texts too (lib/i18n lazyPage): with the rest;
  // so does a sorted or filtered list (its chips name the sort and filters with the filter page's texts).
  const pageTexts = isLazyLanding(location.pathname) || /[?&](sort|f)=/.test(location.search);
  await Promise.all([loadTexts(ssr.lang), preloadPage(location.pathname), pageTexts ? loadPageTexts(ssr.lang) : null, lcpPictureDrawn(container)]);
  const api = createApiClient({ apiHost: ssr.config.API_HOST, getAuth: storedAuth, getLang, onTokenError: () => (clearAuth(), store.dispatch(sessionRejected())) });
  // The server's part of the state (lists, the item, the search page, the info texts, banners); this device's
  // own parts (cart, favourites, account, the remembered search words, delivery point) start from its storage
  // and show right after hydration (hydration itself reads the server's state: App's serverState).
  const { catalogue, item, info, search } = ssr.state as Partial<RootState>;
  const store = createAppStore(
    { api },
    { catalogue, ...(item ? { item } : {}), ...(info ? { info } : {}), ...(search ? { search: { ...search, history: loadHistory() } } : {}) },
    { sagas: 'later' },
  );
  // The server's first page of a list goes into this device's list cache, as if the app had loaded it (offline use).
  for (const [key, list] of Object.entries(catalogue?.lists ?? {})) if (list.offset === 1 && !list.cached) cacheFirstPage(key, list.items);
  // The categories as inlined: on a rendered page only its first screen's (the shop saga asks for the whole list after hydration).
  const shop = { stores: inline?.stores ?? [], categories: inline?.offers_category ?? [], partial: partialOf(inline) };
  store.dispatch(shopLoaded({ store: shop.stores[0] ?? null, categories: shop.categories, partial: shop.partial }));
  const serverState = {
    ...(ssr.state as RootState),
    shop: { ...(ssr.state.shop as RootState['shop']), store: shop.stores[0] ?? null, categories: shop.categories, categoriesPartial: shop.partial, categoriesError: null },
  };
  // The store, its sagas and the page's hydration each take a task of their own (three short tasks, not one
  // long one: issue 13, Total Blocking Time); the sagas run before the first render's effects dispatch.
  // React hydrates in slices of a few milliseconds, and the page's parts (components/Later) after the root.
  await nextTask();
  store.startSagas();
  await nextTask();
  hydrateRoot(container, <Hydrated><App store={store} serverState={serverState} /></Hydrated>, {
    // A device page's own part, left to the browser by the server (lib/clientOnly), is no hydration error.
    onRecoverableError: (e) => (e as { digest?: unknown })?.digest !== CLIENT_ONLY && console.error('hydration', e),
  });
}

async function start() {
  takeLegacyLinks();
  const container = document.getElementById('root')!;
  const ssr = readSsrData();
  if (ssr) return hydrate(ssr, container);
  // A server-rendered page that cannot be hydrated (another language stored): the app draws it anew.
  container.replaceChildren();
  const root = createRoot(container);
  preloadPage(location.pathname);
  const [texts, config] = await Promise.allSettled([loadTexts(), loadShopConfig()]);
  if (texts.status === 'rejected') console.error(texts.reason);
  if (config.status === 'rejected') {
    console.error(config.reason);
    // Its own chunk: only a broken deploy needs it.
    const { default: BrokenUrlPage } = await import('./app/pages/BrokenUrlPage');
    root.render(<Hydrated><BrokenUrlPage /></Hydrated>);
    return;
  }
  setShopConfig(config.value);
  // The store settings and categories the server inlined into index.html: no request chain before the list.
  setInlineShop(readInlineShop());
  // A token 'error' in any answer: the stored session goes and the app shows itself signed out.
  const api = createApiClient({ apiHost: config.value.API_HOST, getAuth: storedAuth, getLang, onTokenError: () => (clearAuth(), store.dispatch(sessionRejected())) });
  const store = createAppStore({ api });
  root.render(<Hydrated><App store={store} /></Hydrated>);
}

// In the task after the modules' evaluation: the two were one of the page's longest tasks (issue 13).
void nextTask().then(start);
