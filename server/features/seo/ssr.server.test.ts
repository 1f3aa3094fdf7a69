/**
 * The storefront's pages rendered on the server with its own components (storefront/entry-server.tsx built to
 * dist/ssr, features/seo/ssr.ts): each public page's #root carries its content (names, prices), with its
 * title, canonical, JSON-LD and the state block the browser hydrates with.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, DIST_DIR } from '../../app';
import { bumpCatalogue } from '../../db/catalogueVersion';
import { startTestServer, type TestServer } from '../../test/helpers';
import { EVIL, kettleShop, makeDist, removeDist } from '../../test/shopPages';
import { forgetSeoPages } from './seo';
import { EVERY_PAGE_CHUNKS, inlineStyles, LAZY_CHUNKS, lazyStylesheets } from './ssr';
import { cspHash } from '../../lib/securityHeaders';
import { WIDE_LIST_HASH } from './wideList';
import { APP_START_HASH } from './appStart';
import { TAP_QUEUE_HASH } from './tapQueue';

const EVIL_HTML = 'Чайник &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Ко&quot;';
/** The same name as the storefront's renderer (react-dom/server) writes it in #root: every '<', '>', '&' and '"' escaped. */
const EVIL_ROOT = EVIL_HTML;
let server: TestServer;
let app: FastifyInstance;
let dist: string;
const ids: Record<string, string> = {};
const HOST = { host: 'shop.test' };
const page = (url: string) => app.inject({ url, headers: HOST });

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="ssr-data">/.exec(html)?.[1] ?? null;
const dataOf = (html: string) => {
  const text = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text === undefined ? null : { text, value: JSON.parse(text) as { lang: string; path: string; state: Record<string, any> } };
};
/** #shop-data: the shop's inlined answers (server/features/stores/indexInline.ts). */
const shopData = (html: string) =>
  JSON.parse(/<script id="shop-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]) as { offers_category: { categoryId: string; category: string; end: string }[]; offers_category_partial?: { complete: string[] } };
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const robotsOf = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];
/** A price as the app formats it (narrow no-break space between thousands). */
const price = (s: string) => new RegExp(s.replaceAll(' ', '[\\s\\u00a0\\u202f]'));

beforeAll(async () => {
  server = await startTestServer();
  Object.assign(ids, await kettleShop(server, { about_company: '<p>Чайники и посуда.</p>', delivery: '<h2>Доставка курьером</h2><p>По городу — 300 ₽, в тот же день.</p>' }));
  ids.mug = await server.createOffer({ name: 'Кружка', categoryId: ids.kitchen, price: '250' });
  // Categories off the first screens above: a third level under Чайники, another top category two levels deep.
  ids.glass = await server.createCategory({ category: 'Стеклянные', subId: ids.kettles });
  ids.garden = await server.createCategory({ category: 'Сад' });
  ids.tools = await server.createCategory({ category: 'Инструмент', subId: ids.garden });
  ids.shovels = await server.createCategory({ category: 'Лопаты', subId: ids.tools });
  ids.shovel = await server.createOffer({ name: 'Лопата штыковая', categoryId: ids.shovels, price: '900' });
  dist = await makeDist({ ssr: true, indexHtml: '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title></title><link rel="modulepreload" crossorigin href="/assets/i18n.js"></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>' });
  app = (await buildApp({ config: server.config, database: server.database, distDir: dist })).app;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await server?.close();
  removeDist(dist);
});

/** The kitchen list's #root as rendered: its heading and cards (the escaped evil name, names, a price). */
function kitchenRoot(res: { statusCode: number; body: string }) {
  expect(res.statusCode).toBe(200);
  const root = rootOf(res.body)!;
  expect(root).not.toBeNull();
  expect(root).toContain('<h1 class="page__title">Кухня</h1>');
  expect(root).toContain(EVIL_ROOT);
  expect(root).toContain('Кружка');
  expect(root).toMatch(price('1 990 ₽'));
  return root;
}

describe('server-rendered storefront pages', () => {
  it('a list page: its cards with names and prices in #root, title, canonical, ItemList JSON-LD, the list in the state block', async () => {
    const url = `/category/${ids.kitchen}/1`;
    const res = await page(url);
    const root = kitchenRoot(res);
    expect(root).toMatch(price('250 ₽'));
    expect(root).not.toContain('<script');
    expect(titleOf(res.body)).toBe('Кухня — Лавка');
    expect(canonicalOf(res.body)).toBe(`http://shop.test${url}`);
    expect(jsonLd(res.body)[0]['@type']).toBe('ItemList');
    // The rendered cards replace the noscript copy.
    expect(res.body).not.toContain('<noscript>');
    const data = dataOf(res.body)!;
    // Once, escaped: no '<' in the block, so no </script> of a product name ends it.
    expect(res.body.match(/id="ssr-data"/g)).toHaveLength(1);
    expect(data.text).not.toContain('<');
    expect(data.value).toMatchObject({ lang: 'ru', path: url });
    const list = data.value.state.catalogue.lists[`c:${ids.kitchen}|default|`];
    expect(list.items.map((i: { name: string }) => i.name).sort()).toEqual([EVIL, 'Кружка'].sort());
    // The shop's settings and categories are in #shop-data already, not twice.
    expect(data.value.state.shop).toMatchObject({ store: null, categories: [], categoriesPartial: null });
  });

  it('an item page: name, price and description in #root, its Product JSON-LD, the item in the state block', async () => {
    const url = `/category/${ids.kitchen}-${ids.kettles}/item/${ids.evil}`;
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body)!;
    expect(root).toContain(`<h1 class="item__name">${EVIL_ROOT}</h1>`);
    expect(root).toMatch(price('1 990 ₽'));
    expect(root).toContain('Кипятит за минуту.');
    expect(titleOf(res.body)).toBe(`${EVIL_HTML} — Лавка`);
    expect(canonicalOf(res.body)).toBe(`http://shop.test${url}`);
    const [product, crumbs] = jsonLd(res.body);
    expect(product).toMatchObject({ '@type': 'Product', name: EVIL, offers: { price: 1990, priceCurrency: 'RUB' } });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(dataOf(res.body)!.value.state.item.byId[ids.evil].item.name).toBe(EVIL);
  });

  it('the home and a category page: the category buttons in #root, the products in the noscript copy, Organization JSON-LD on home', async () => {
    const home = await page('/');
    expect(rootOf(home.body)).toContain('Кухня');
    expect(jsonLd(home.body).map((l) => l['@type'])).toEqual(['Organization', 'ItemList']);
    expect(canonicalOf(home.body)).toBe('http://shop.test/');
    expect(home.body).toMatch(/<noscript>[\s\S]*Кружка[\s\S]*<\/noscript>/);
    const category = await page(`/category/${ids.kitchen}`);
    expect(rootOf(category.body)).toContain('Чайники');
    expect(titleOf(category.body)).toBe('Кухня — Лавка');
  });

  it('a price change shows on the next render (kept pages go with the catalogue version), device pages are shells, unknown items are left to the browser', async () => {
    const url = `/category/${ids.kitchen}/1`;
    expect(rootOf((await page(url)).body)).toMatch(price('250 ₽'));
    await server.db.updateTable('offers').set({ price: 275 }).where('id', '=', ids.mug).execute();
    await bumpCatalogue(server.db, server.storeId);
    forgetSeoPages();
    expect(rootOf((await page(url)).body)).toMatch(price('275 ₽'));
    // A device page (issue 36): the shop's shell and the page's own heading are rendered and paint before the app;
    // the page's own part is the browser's, drawn in place of the heading and its grey bars.
    const headings = { '/cart': 'Корзина', '/favourites': 'Избранное', '/my_orders': 'Мои заказы', '/login': 'Вход', '/order/5': 'Заказ №5', [`/filters/${ids.kitchen}`]: 'Фильтры' };
    for (const [u, heading] of Object.entries(headings)) {
      const body = (await page(u)).body;
      expect(dataOf(body), u).not.toBeNull();
      expect(rootOf(body), u).toContain('<header class="header">');
      expect(rootOf(body), u).toContain('<!--$!--><template data-dgst="client-only">');
      expect(rootOf(body), u).toMatch(new RegExp(`<template data-dgst="client-only"></template><div class="page [^"]*" aria-busy="true">(<section[^>]*>)?<h1 class="page__title">${heading}</h1>`));
      expect(body, u).toContain('id="app-start"');
    }
    for (const u of [`/category/${ids.kitchen}/0`]) {
      const body = (await page(u)).body;
      expect(dataOf(body), u).toBeNull();
      // The browser draws these: their scripts are preloaded from the head; a rendered page's are not.
      expect(body, u).toContain('<link rel="modulepreload"');
      // Nothing to paint before the app: its entry starts at once, not after a first paint that never comes.
      expect(body, u).toMatch(/<script type="module"(?: crossorigin)? src="\/assets\/index\.js"><\/script>/);
      expect(body, u).not.toContain('id="app-start"');
    }
    expect((await page(url)).body).not.toContain('<link rel="modulepreload"');
    const missing = await page(`/category/${ids.kitchen}/item/nope`);
    expect(missing.statusCode).toBe(404);
    expect(dataOf(missing.body)).toBeNull();
  });

  it('a list page past the end of its list (/category/x/N): 404 with the storefront’s 404 page, drawn anew by the browser (the app goes to /404 there)', async () => {
    const res = await page(`/category/${ids.kitchen}/3`);
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain('Страница не найдена');
    expect(robotsOf(res.body)).toBe('noindex');
    expect(canonicalOf(res.body)).toBeUndefined();
    // The data block names /404: the browser at /category/x/3 renders the page itself instead of hydrating the 404 there.
    expect(dataOf(res.body)!.value.path).toBe('/404');
  });

  it('a search page: the first page of results (names, prices) in #root and the word in the search input, noindex, ItemList JSON-LD, the results in the state block', async () => {
    const word = 'чайник';
    for (const url of [`/search/word/${encodeURIComponent(word)}`, `/search/word/${encodeURIComponent(word)}/2`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const root = rootOf(res.body)!;
      expect(root, url).not.toBeNull();
      expect(root).toContain('<h1 class="page__title">Результаты поиска «чайник»</h1>');
      expect(root).toContain(EVIL_ROOT);
      expect(root).toMatch(price('1 990 ₽'));
      expect(root).not.toContain('Кружка');
      expect(root).toMatch(/<input[^>]* value="чайник"/);
      expect(root).not.toContain('<script');
      expect(titleOf(res.body)).toBe('Результаты поиска «чайник» — Лавка');
      // Search pages are not indexed; their links are followed.
      expect(robotsOf(res.body)).toBe('noindex, follow');
      expect(canonicalOf(res.body)).toBeUndefined();
      expect(jsonLd(res.body)[0]['@type']).toBe('ItemList');
      expect(res.body).not.toContain('<noscript>');
      const data = dataOf(res.body)!;
      expect(data.text).not.toContain('<');
      expect(data.value).toMatchObject({ lang: 'ru', path: url });
      const search = data.value.state.search;
      expect(search).toMatchObject({ word, pending: false, dropOpen: false, list: { key: word, offset: 1, status: 'idle' } });
      expect(search.list.items.map((i: { name: string; price: number }) => [i.name, i.price])).toEqual([[EVIL, 1990]]);
      // The device's remembered words are its own (localStorage): none from the server.
      expect(search.history).toEqual([]);
    }
    expect(jsonLd((await page(`/search/word/${encodeURIComponent(word)}`)).body)[0]).toMatchObject({ itemListElement: [{ position: 1, name: EVIL }] });
    // A page number changes nothing the app draws at first (it starts at page 1, then writes /1).
    expect(rootOf((await page(`/search/word/${encodeURIComponent(word)}/7`)).body)).toBe(rootOf((await page(`/search/word/${encodeURIComponent(word)}`)).body));
  });

  it('an info page: the shop’s rich text in #root, title and canonical, the texts in the state block marked as the server’s (no second fetch)', async () => {
    const res = await page('/delivery');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body)!;
    expect(root).not.toBeNull();
    expect(root).toContain('<h2>Доставка курьером</h2><p>По городу — 300 ₽, в тот же день.</p>');
    // The text opens with its own heading: the page title is for screen readers.
    expect(root).toContain('<h1 class="visually-hidden">Доставка</h1>');
    expect(titleOf(res.body)).toBe('Доставка — Лавка');
    expect(canonicalOf(res.body)).toBe('http://shop.test/delivery');
    expect(jsonLd(res.body)).toEqual([]);
    expect(res.body).not.toContain('<noscript>');
    const data = dataOf(res.body)!;
    expect(data.value).toMatchObject({ lang: 'ru', path: '/delivery' });
    expect(data.value.state.info).toMatchObject({ loaded: true, status: 'idle', fromServer: true, pages: { about_company: '<p>Чайники и посуда.</p>' } });
    expect(data.value.state.info.pages.delivery).toContain('Доставка курьером');

    const about = await page('/about_company');
    expect(rootOf(about.body)).toContain('<h1 class="page__title">О компании</h1>');
    expect(rootOf(about.body)).toContain('<p>Чайники и посуда.</p>');
    // A page without a text of the shop's: the app's own 'not_found_info'.
    const payment = await page('/payment');
    expect(rootOf(payment.body)).toContain('Информация не найдена');
    // The info texts go only with the info pages.
    expect(dataOf((await page(`/category/${ids.kitchen}/1`)).body)!.value.state.info).toBeUndefined();
  });

  it('the stylesheets of the lazy chunks a rendered page shows are linked from the head (the item, search and info pages, the footer’s form)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-manifest-'));
    try {
      fs.mkdirSync(path.join(dir, 'storefront', '.vite'), { recursive: true });
      const manifest = {
        'index.html': { file: 'assets/index.js', css: ['assets/index.css'] },
        _shared: { file: 'assets/shared.js', css: ['assets/shared.css', 'assets/index.css'] },
        'app/layout/NewsForm.tsx': { file: 'assets/NewsForm.js', css: ['assets/NewsForm.css'], imports: ['index.html'] },
        'features/item/components/ItemPage.tsx': { file: 'assets/ItemPage.js', css: ['assets/ItemPage.css'], imports: ['index.html', '_shared'] },
        'features/search/components/SearchPage.tsx': { file: 'assets/SearchPage.js', css: ['assets/SearchPage.css'], imports: ['index.html', '_shared'] },
        'features/info/components/InfoPage.tsx': { file: 'assets/InfoPage.js', css: ['assets/InfoPage.css'], imports: ['index.html'] },
        'features/info/feature.ts': { file: 'assets/feature.js', css: ['assets/info.css'] },
      };
      fs.writeFileSync(path.join(dir, 'storefront', '.vite', 'manifest.json'), JSON.stringify(manifest));
      const links = lazyStylesheets(dir);
      const hrefs = (url: string) => [...links(url).matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs('/category/1/item/5')).toEqual(['/assets/NewsForm.css', '/assets/ItemPage.css', '/assets/shared.css']);
      expect(hrefs('/search/word/x/2')).toEqual(['/assets/NewsForm.css', '/assets/SearchPage.css', '/assets/shared.css']);
      expect(hrefs('/delivery')).toEqual(['/assets/NewsForm.css', '/assets/info.css', '/assets/InfoPage.css']);
      expect(hrefs('/category/1/3')).toEqual(['/assets/NewsForm.css']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // The build's manifest (when built) names every chunk the table does.
    const built = path.join(DIST_DIR, 'storefront', '.vite', 'manifest.json');
    if (fs.existsSync(built)) {
      const keys = Object.keys(JSON.parse(fs.readFileSync(built, 'utf8')) as object);
      for (const k of [...EVERY_PAGE_CHUNKS, ...LAZY_CHUNKS.flatMap(([, ks]) => ks)]) expect(keys, k).toContain(k);
    }
  });

  it('an unknown address answers 404 with the storefront’s own 404 page in #root, hydrated at that address, noindex', async () => {
    for (const u of ['/no/such/page', '/404']) {
      const res = await page(u);
      expect(res.statusCode, u).toBe(404);
      expect(rootOf(res.body), u).toContain('Страница не найдена');
      expect(rootOf(res.body), u).toContain('На главную');
      expect(dataOf(res.body)?.value.path, u).toBe(u);
      expect(res.body, u).toMatch(/<meta name="robots" content="noindex"/);
    }
  });

  it('a rendered page is kept whole for every device: the same bytes, compressed once, styles, the tap queue and the app\'s start by hash', async () => {
    const url = `/category/${ids.kitchen}/1`;
    const res = await page(url);
    const cache = app.services.responseCache!;
    const br = await app.inject({ url, headers: { ...HOST, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);
    const hits = cache.hits;
    const again = await app.inject({ url, headers: { ...HOST, 'accept-encoding': 'gzip, br' } });
    expect(cache.hits).toBe(hits + 1);
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    // Nothing per answer in it: no nonce; the server's styles and its one inline script are allowed by their hashes.
    expect(res.body).not.toContain('nonce=');
    const csp = String(again.headers['content-security-policy']);
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain(`script-src 'self' ${TAP_QUEUE_HASH} ${APP_START_HASH} ${WIDE_LIST_HASH}`);
    // The app's entry is asked for after the first paint (appStart.ts), not by a module script of the page.
    expect(res.body).toContain('<script id="app-start" data-src="/assets/index.js">');
    expect(res.body).not.toContain('<script type="module"');
    const styles = [...res.body.matchAll(/<style id="shop-[a-z-]+">([^<]*)<\/style>/g)];
    expect(styles.length).toBeGreaterThan(0);
    for (const m of styles) expect(csp).toContain(cspHash(m[1]));
    // Another language is another page.
    expect(dataOf((await page(`${url}?lang=en`)).body)!.value.lang).toBe('en');
  });

  it('the home and a category page send a wide window on to their list from the head, before the first paint; a list, an item and a device page do not', async () => {
    for (const u of ['/', `/category/${ids.kitchen}`, `/?lang=en`]) {
      const res = await page(u);
      expect(res.statusCode, u).toBe(200);
      expect(res.body, u).toMatch(/<head><script id="tap-queue">[\s\S]*?<\/script><script id="wide-list">/);
      expect(String(res.headers['content-security-policy']), u).toContain(WIDE_LIST_HASH);
    }
    for (const u of [`/category/${ids.kitchen}/1`, `/category/${ids.kitchen}/item/${ids.mug}`, '/cart', '/delivery', '/no/such/page']) {
      expect((await page(u)).body, u).not.toContain('id="wide-list"');
    }
  });

  it('a rendered page inlines only the categories its first screen draws, marked partial; a page the browser draws, the whole list', async () => {
    const inlined = async (url: string) => {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const data = shopData(res.body);
      // partial: the categories whose children are all inlined ('0' the top level).
      return { partial: data.offers_category_partial?.complete, names: data.offers_category.map((c) => c.category).sort(), body: res.body, data };
    };
    const ALL = ['Инструмент', 'Кухня', 'Лопаты', 'Сад', 'Стеклянные', 'Чайники'];
    // The home: the top level. Сад keeps the server's end flag: its children are not inlined, it is no leaf.
    const home = await inlined('/');
    expect(home).toMatchObject({ partial: ['0'], names: ['Кухня', 'Сад'] });
    expect(home.data.offers_category.find((c) => c.category === 'Сад')!.end).toBe('0');
    expect(rootOf(home.body)).toContain(`href="/category/${ids.garden}"`);
    // A list: the top level and the list's category with its children (the sidebar, the chips, the breadcrumbs).
    for (const u of [`/category/${ids.kitchen}/1`, `/category/${ids.kitchen}`]) {
      expect(await inlined(u), u).toMatchObject({ partial: ['0', ids.kitchen], names: ['Кухня', 'Сад', 'Чайники'] });
    }
    // An item: every category along its path with its children.
    expect(await inlined(`/category/${ids.kitchen}-${ids.kettles}/item/${ids.evil}`)).toMatchObject({ partial: ['0', ids.kitchen, ids.kettles], names: ['Кухня', 'Сад', 'Стеклянные', 'Чайники'] });
    // A search: the chain of each result's category, which its card links by (storefront pathOf).
    const search = await inlined(`/search/word/${encodeURIComponent('лопата')}`);
    // Only the top level's children are all there: Сад's page would wait for the whole list.
    expect(search).toMatchObject({ partial: ['0'], names: ['Инструмент', 'Кухня', 'Лопаты', 'Сад'] });
    expect(rootOf(search.body)).toContain(`href="/category/${ids.garden}-${ids.tools}-${ids.shovels}/item/${ids.shovel}"`);
    expect(await inlined('/delivery')).toMatchObject({ partial: ['0'], names: ['Кухня', 'Сад'] });
    // The storefront's 404 page at an unknown address: the top level.
    const unknown = await page('/no/such/page');
    expect(shopData(unknown.body)).toMatchObject({ offers_category_partial: { complete: ['0'] } });
    expect(shopData(unknown.body).offers_category).toHaveLength(2);
    // The device pages (their shell rendered, the page's own part left to the browser), and a bad id the browser's
    // router shows (drawn by the browser): the whole list, no flag.
    for (const u of ['/cart', '/favourites', '/my_orders', '/map', `/filters/${ids.kitchen}`, `/product/${ids.evil}`]) {
      const res = await page(u);
      const device = !u.startsWith('/product/');
      expect(dataOf(res.body) !== null, u).toBe(device);
      if (device) expect(rootOf(res.body), u).toContain('data-dgst="client-only"');
      expect(shopData(res.body).offers_category_partial, u).toBeUndefined();
      expect(shopData(res.body).offers_category.map((c) => c.category).sort(), u).toEqual(ALL);
    }
    const missing = await page(`/category/${ids.kitchen}/item/nope`);
    expect(missing.statusCode).toBe(404);
    expect(shopData(missing.body).offers_category).toHaveLength(ALL.length);
    // Each page is kept under its own path: the list's kept page stays partial, the cart's whole.
    expect((await inlined(`/category/${ids.kitchen}/1`)).names).toHaveLength(3);
    expect(shopData((await page('/cart')).body).offers_category).toHaveLength(ALL.length);
  });

  it('style attributes of the rendered HTML become rules of a stylesheet (the CSP allows no style attribute)', () => {
    const out = inlineStyles('<div class="banner" style="width:50%;color:&quot;red&lt;/style&gt;&quot;">x</div>');
    expect(out.html).toBe('<div class="banner" data-ssr-style="0">x</div>');
    expect(out.styles).toBe('<style id="shop-ssr">[data-ssr-style="0"]{width:50% !important;color:"red\\3c /style>" !important}</style>');
  });
});
