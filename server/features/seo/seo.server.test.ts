/** What a crawler without JavaScript reads: per page title, canonical, JSON-LD and content; robots and the sitemap. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStore } from '../stores/stores';
import { closeAll, startTestServer, type TestServer } from '../../test/helpers';
import { EVIL, kettleShop, startPagesApp } from '../../test/shopPages';
import { URLS_PER_FILE } from './sitemap';
import { forgetSeoPages } from './seo';

let server: TestServer;
let app: FastifyInstance;
let forgetStores: () => void;
const ids: Record<string, string> = {};
const HOST = { host: 'shop.test' };

/** Every JSON-LD block of a page, parsed the way a crawler reads the script element's text. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}
const tag = (html: string, re: RegExp) => re.exec(html)?.[1];
const titleOf = (html: string) => tag(html, /<title>([^<]*)<\/title>/);
const canonicalOf = (html: string) => tag(html, /<link rel="canonical" href="([^"]*)"/);
const noscriptOf = (html: string) => tag(html, /<noscript>([\s\S]*?)<\/noscript>/) ?? '';
const page = (url: string) => app.inject({ url, headers: HOST });

beforeAll(async () => {
  server = await startTestServer();
  Object.assign(ids, await kettleShop(server, { about_company: '<p>Чайники и посуда с доставкой.</p>', delivery: '<p>Везём за день.</p>' }));
  ids.gone = await server.createOffer({ name: 'Кружка', categoryId: ids.kitchen, price: '250', available: '0' });
  await server.db.updateTable('offers').set({ picture: `${server.storeId}/offers/kettle.jpg` }).where('id', '=', ids.evil).execute();
  const built = await startPagesApp(server);
  app = built.app;
  forgetStores = () => built.services.stores.forget();
});
afterAll(() => closeAll(app, server));

describe('pages for search engines', () => {
  it('the item page carries its title, canonical, OpenGraph picture, Product and BreadcrumbList JSON-LD and its price without JavaScript', async () => {
    const res = await page(`/category/${ids.kitchen}-${ids.kettles}/item/${ids.evil}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)');
    expect(titleOf(html)).toBe('Чайник &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Ко&quot; — Лавка');
    const url = `http://shop.test/category/${ids.kitchen}-${ids.kettles}/item/${ids.evil}`;
    expect(canonicalOf(html)).toBe(url);
    expect(html).toContain(`<meta property="og:image" content="http://shop.test/images/${server.storeId}/offers/kettle.jpg" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    // The gallery's first picture (an item without a gallery has nothing to preload).
    expect(html).not.toContain('rel="preload" as="image"');
    expect(html).toContain('<meta name="description" content="Кипятит за минуту." />');
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${url}?lang=en" />`);
    const [product, crumbs] = jsonLd(html);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: EVIL,
      image: [`http://shop.test/images/${server.storeId}/offers/kettle.jpg`],
      brand: { name: 'Bork' },
      offers: { price: 1990, priceCurrency: 'RUB', availability: 'https://schema.org/InStock', url },
    });
    expect((crumbs.itemListElement as { name: string }[]).map((i) => i.name)).toEqual(['Лавка', 'Кухня', 'Чайники', EVIL]);
    const body = noscriptOf(html);
    expect(body).toContain('<h1>Чайник &lt;/script&gt;');
    expect(body).toMatch(/1\s990 ₽/);
    expect(body).toContain('в наличии');
  });

  it('the owner’s SEO title and description (the item editor’s SEO section) replace the ones made from the product', async () => {
    const coffee = await server.createCategory({ category: 'Кофе' });
    const id = await server.createOffer({ name: 'Турка медная', categoryId: coffee, price: '900', description: '<p>Для кофе.</p>', seo_title: 'Медная турка ручной работы', seo_description: 'Турка из меди на 300 мл: доставка за день', vendorCode: 'TK-300', barcode: '4600000000017' });
    const html = (await page(`/category/${coffee}/item/${id}`)).body;
    expect(titleOf(html)).toBe('Медная турка ручной работы');
    expect(html).toContain('<meta name="description" content="Турка из меди на 300 мл: доставка за день" />');
    expect(jsonLd(html)[0]).toMatchObject({ name: 'Турка медная', description: 'Турка из меди на 300 мл: доставка за день', sku: 'TK-300', gtin: '4600000000017' });
    // Without an article number the product's id is its sku; a barcode that is no GTIN is left out.
    const plain = await server.createOffer({ name: 'Турка простая', categoryId: coffee, price: '500', barcode: 'нет' });
    const product = jsonLd((await page(`/category/${coffee}/item/${plain}`)).body)[0];
    expect(product.sku).toBe(plain);
    expect(product).not.toHaveProperty('gtin');
  });

  it('an item out of stock says so in its JSON-LD, and an unknown item answers 404 with noindex', async () => {
    const html = (await page(`/category/${ids.kitchen}/item/${ids.gone}`)).body;
    expect(jsonLd(html)[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock', price: 250 } });
    const missing = await page(`/category/${ids.kitchen}/item/nope`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<meta name="robots" content="noindex" />');
    expect(canonicalOf(missing.body)).toBeUndefined();
    expect((await page('/no/such/page')).statusCode).toBe(404);
  });

  it('a category and its list page carry ItemList and BreadcrumbList JSON-LD, links to the products with prices and a canonical', async () => {
    for (const url of [`/category/${ids.kitchen}`, `/category/${ids.kitchen}/1`]) {
      const html = (await page(url)).body;
      expect(titleOf(html)).toBe('Кухня — Лавка');
      expect(canonicalOf(html)).toBe(`http://shop.test${url}`);
      // Shared, the category shows its first product's picture.
      expect(html).toContain(`<meta property="og:image" content="http://shop.test/images/${server.storeId}/offers/kettle.jpg" />`);
      const [list, crumbs] = jsonLd(html);
      expect(list['@type']).toBe('ItemList');
      expect((list.itemListElement as { url: string }[]).map((i) => i.url).sort()).toEqual(
        [`http://shop.test/category/${ids.kitchen}-${ids.kettles}/item/${ids.evil}`, `http://shop.test/category/${ids.kitchen}/item/${ids.gone}`].sort(),
      );
      expect(crumbs['@type']).toBe('BreadcrumbList');
      const body = noscriptOf(html);
      expect(body).toContain(`<a href="/category/${ids.kitchen}-${ids.kettles}">Чайники</a>`);
      expect(body).toContain('250 ₽');
    }
    // Each page of a list is its own (listPages.server.test.ts): past the end of this one-page list, a 404.
    const later = await page(`/category/${ids.kitchen}/2`);
    expect(later.statusCode).toBe(404);
    expect(canonicalOf(later.body)).toBeUndefined();
    // A list page preloads its first card's picture (the LCP), a category page does not.
    await server.db.updateTable('offers').set({ thumb: `${server.storeId}/offers/k_t.webp` }).where('store_id', '=', server.storeId).execute();
    forgetSeoPages();
    const lists = [(await page(`/category/${ids.kitchen}/1`)).body, (await page(`/category/${ids.kitchen}`)).body];
    // With the same candidates as the card's img (schemas/rules/pictures.ts), so one picture is fetched.
    const img = `http://shop.test/images/${server.storeId}/offers/k`;
    expect(lists[0]).toContain(
      `<link rel="preload" as="image" href="${img}_t.webp" imagesrcset="${img}_t.webp 400w, ${img}_m.webp 800w" imagesizes="(min-width: 1100px) 300px, (min-width: 600px) 33vw, 50vw" fetchpriority="high" />`,
    );
    expect(lists[1]).not.toContain('rel="preload" as="image"');
  });

  it('the home page carries Organization JSON-LD, the shop title and description, the top categories', async () => {
    const html = (await page('/')).body;
    expect(titleOf(html)).toBe('Лавка');
    expect(canonicalOf(html)).toBe('http://shop.test/');
    expect(html).toContain('<meta name="description" content="Чайники и посуда с доставкой." />');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const [org, list] = jsonLd(html);
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Лавка', url: 'http://shop.test/' });
    expect(list['@type']).toBe('ItemList');
    expect(noscriptOf(html)).toContain(`<a href="/category/${ids.kitchen}">Кухня</a>`);
    expect(html).not.toContain('rel="preload" as="image"');
    // No favicon nor logo: an empty icon, so the browser does not ask for /favicon.ico (a 404 in the console).
    expect(html).toContain('<link rel="icon" href="data:," />');
    // A shop with banners: the first one (the home page's LCP) is preloaded at the sizes its img names.
    const b = `${server.storeId}/banners/b`;
    await server.db.insertInto('banners').values({ store_id: server.storeId, sort: 1, data: JSON.stringify({ img: `${b}.jpg`, thumb: `${b}_t.webp`, width: '50', link: '' }) }).execute();
    forgetSeoPages();
    const img = `http://shop.test/images/${b}`;
    const bannerPreload = `<link rel="preload" as="image" href="${img}.jpg" imagesrcset="${img}_t.webp 400w, ${img}_m.webp 800w, ${img}.jpg 1600w" imagesizes="(min-width: 1240px) 620px, 50vw" fetchpriority="high" />`;
    expect((await page('/')).body).toContain(bannerPreload);
    // So does the root list's first page, which leads with the banners too (a wide window's home); its page 2 has none.
    expect((await page('/category/0/1')).body).toContain(bannerPreload);
    expect((await page('/category/0/2')).body).not.toContain(`href="${img}.jpg"`);
    await server.db.deleteFrom('banners').where('store_id', '=', server.storeId).execute();
    forgetSeoPages();
  });

  it('info pages carry their text, search pages are noindex, cart, order and account pages are noindex without a canonical, titled by their own name', async () => {
    const info = (await page('/delivery')).body;
    expect(titleOf(info)).toBe('Доставка — Лавка');
    expect(noscriptOf(info)).toContain('Везём за день.');
    expect(canonicalOf(info)).toBe('http://shop.test/delivery');
    const search = (await page(`/search/word/${encodeURIComponent('Кружка')}`)).body;
    expect(search).toContain('<meta name="robots" content="noindex, follow" />');
    expect(noscriptOf(search)).toContain('Кружка');
    const titles: Record<string, string> = {
      '/cart': 'Корзина — Лавка',
      '/order': 'Оформление заказа — Лавка',
      '/my_orders': 'Мои заказы — Лавка',
      '/login': 'Войти — Лавка',
      '/favourites': 'Избранное — Лавка',
      '/order/5': 'Заказ №5 — Лавка',
      '/order/5/review': 'Вопрос по заказу №5 — Лавка',
      '/filters/1': 'Фильтры — Лавка',
    };
    for (const [url, title] of Object.entries(titles)) {
      const html = (await page(url)).body;
      expect(html, url).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(canonicalOf(html), url).toBeUndefined();
      expect(titleOf(html), url).toBe(title);
    }
    expect(titleOf((await page('/cart?lang=de')).body)).toBe('Warenkorb — Лавка');
    // The pages whose texts load with them are titled by those texts (the app sets the same: laterPageTitle.ts).
    expect(titleOf((await page('/order/5?lang=en')).body)).toBe('Order #5 — Лавка');
    expect(titleOf((await page('/map')).body)).toBe('Адрес доставки — Лавка');
    // The address is the shopper's typing: written as text.
    expect((await page(`/order/${encodeURIComponent('<b>7')}`)).body).toContain('<title>Заказ №&lt;b&gt;7 — Лавка</title>');
  });

  it('the page’s own texts speak its ?lang= (the hreflang alternates), else the shop’s language', async () => {
    const gone = (await page(`/category/${ids.kitchen}/item/${ids.gone}?lang=en`)).body;
    expect(noscriptOf(gone)).toContain('out of stock');
    expect(noscriptOf(gone)).not.toContain('нет в наличии');
    const missing = await page('/no/such/page?lang=fr');
    expect(missing.statusCode).toBe(404);
    expect(titleOf(missing.body)).toBe('Page introuvable — Лавка');
    expect(noscriptOf(missing.body)).toContain('<a href="/">Vers l’accueil</a>');
    expect(titleOf((await page('/delivery?lang=zh')).body)).toBe('配送 — Лавка');
    expect(titleOf((await page(`/search/word/${encodeURIComponent('Кружка')}?lang=es`)).body)).toBe('Resultados de «Кружка» — Лавка');
    expect(titleOf((await page('/no/such/page')).body)).toBe('Страница не найдена — Лавка');
    const row = await server.db.selectFrom('stores').selectAll().where('id', '=', server.storeId).executeTakeFirstOrThrow();
    await saveStore(server.db, row, { notify_lang: 'de' });
    forgetStores();
    expect(titleOf((await page('/no/such/page')).body)).toBe('Seite nicht gefunden — Лавка');
    expect(titleOf((await page('/no/such/page?lang=ru')).body)).toBe('Страница не найдена — Лавка');
    await saveStore(server.db, await server.db.selectFrom('stores').selectAll().where('id', '=', server.storeId).executeTakeFirstOrThrow(), { notify_lang: 'ru' });
    forgetStores();
  });

  it('robots.txt names the sitemap of the Host, whose index lists the pages file and the products files', async () => {
    const robots = await page('/robots.txt');
    expect(robots.body).toContain('Sitemap: http://shop.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin/');
    const index = (await page('/sitemap.xml')).body;
    expect([...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual(['http://shop.test/sitemaps/pages.xml', 'http://shop.test/sitemaps/offers-1.xml']);
    const pages = (await page('/sitemaps/pages.xml')).body;
    // A category with sub-categories has its page and its list; a leaf only its list (its own address redirects there).
    expect(pages).toContain(`<loc>http://shop.test/category/${ids.kitchen}</loc>`);
    expect(pages).toContain(`<loc>http://shop.test/category/${ids.kitchen}/1</loc>`);
    expect(pages).toContain(`<loc>http://shop.test/category/${ids.kitchen}-${ids.kettles}/1</loc>`);
    expect(pages).not.toContain(`<loc>http://shop.test/category/${ids.kitchen}-${ids.kettles}</loc>`);
    expect(pages).toContain('<loc>http://shop.test/delivery</loc>');
    const offers = (await page('/sitemaps/offers-1.xml')).body;
    expect(offers).toContain(`<loc>http://shop.test/category/${ids.kitchen}-${ids.kettles}/item/${ids.evil}</loc>`);
    expect((await page('/sitemaps/offers-2.xml')).statusCode).toBe(404);
  });
});

describe('the sitemap of a big shop', () => {
  it(`splits 120,000 products into files of at most ${URLS_PER_FILE} addresses, each product once`, { timeout: 120_000 }, async () => {
    const storeId = await server.addStore({ name: 'Большой', domain: 'big.test' });
    const cat = await server.createCategory({ category: 'Всё' }, storeId);
    const N = 120_000;
    const stamp = new Date().toISOString();
    for (let from = 0; from < N; from += 2_000) {
      const rows = Array.from({ length: Math.min(2_000, N - from) }, (_, i) => ({
        store_id: storeId,
        id: `o${String(from + i).padStart(6, '0')}`,
        type: 'common',
        name: `Товар ${from + i}`,
        vendor: null,
        price: 10,
        oldprice: null,
        category_id: cat,
        available: 1,
        active: 1,
        deleted: 0,
        picture: null,
        thumb: null,
        sort: 0,
        created_at: stamp,
        updated_at: stamp,
        data: '{}',
      }));
      // SQLite allows 32,766 bound values a statement: 17 columns x 2,000 rows fits, PostgreSQL too.
      await server.db.insertInto('offers').values(rows.slice(0, 1_000)).execute();
      await server.db.insertInto('offers').values(rows.slice(1_000)).execute();
    }
    const get = (url: string) => app.inject({ url, headers: { host: 'big.test' } });
    const index = (await get('/sitemap.xml')).body;
    const files = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]).filter((u) => u.includes('/offers-'));
    expect(files).toEqual([1, 2, 3].map((n) => `http://big.test/sitemaps/offers-${n}.xml`));
    const seen = new Set<string>();
    const sizes: number[] = [];
    for (const f of files) {
      const res = await get(new URL(f).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      sizes.push(locs.length);
      for (const l of locs) seen.add(l);
    }
    expect(sizes).toEqual([50_000, 50_000, 20_000]);
    expect(seen.size).toBe(N);
    expect(seen.has(`http://big.test/category/${cat}/item/o119999`)).toBe(true);
  });
});
