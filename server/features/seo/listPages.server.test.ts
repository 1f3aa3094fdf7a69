/**
 * The addresses of the catalogue as a crawler and a reader meet them, over real HTTP with the storefront's
 * server renderer (dist/ssr): each page of a list is its own page (its products, canonical, prev/next, 404
 * past the end), sort and filters in the query, one address per product, a leaf category's address
 * redirecting to its list, a language version per ?lang= (lang, dir, title, canonical, hreflang), and a
 * sitemap whose every address answers 200 with itself as canonical.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStore } from '../stores/stores';
import { closeAll, startTestServer, type TestServer } from '../../test/helpers';
import { startPagesApp } from '../../test/shopPages';

let server: TestServer;
let app: FastifyInstance;
let origin: string;
const ids: Record<string, string> = {};
/** Price of each plate (Тарелка 01 … 45): 100, 110, … 540 ₽. */
const PLATES = 45;

const get = (url: string) => fetch(`${origin}${url}`, { redirect: 'manual' });
const html = async (url: string, status = 200) => {
  const res = await get(url);
  expect(res.status, url).toBe(status);
  return res.text();
};
const tag = (body: string, re: RegExp) => re.exec(body)?.[1];
const canonicalOf = (body: string) => tag(body, /<link rel="canonical" href="([^"]*)"/);
const relOf = (body: string, rel: string) => tag(body, new RegExp(`<link rel="${rel}" href="([^"]*)"`));
const titleOf = (body: string) => tag(body, /<title>([^<]*)<\/title>/);
const rootOf = (body: string) => /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="ssr-data">/.exec(body)?.[1] ?? null;
const dataOf = (body: string) => JSON.parse(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(body)![1]) as { lang: string; path: string; state: Record<string, any> };
/** The products of a list page as its ItemList JSON-LD names them (position, name, url). */
const itemsOf = (body: string) => {
  const lists = [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1])).filter((l) => l['@type'] === 'ItemList');
  return lists[0].itemListElement as { position: number; name: string; url: string }[];
};
const priceOfName = (name: string) => 100 + (Number(name.slice(-2)) - 1) * 10;

beforeAll(async () => {
  server = await startTestServer();
  const row = await server.db.selectFrom('stores').selectAll().where('id', '=', server.storeId).executeTakeFirstOrThrow();
  await saveStore(server.db, row, { title: 'Лавка' });
  ids.dishes = await server.createCategory({ category: 'Посуда' });
  ids.plates = await server.createCategory({ category: 'Тарелки', subId: ids.dishes });
  for (let i = 1; i <= PLATES; i++) await server.createOffer({ name: `Тарелка ${String(i).padStart(2, '0')}`, categoryId: ids.plates, price: String(100 + (i - 1) * 10) });
  ({ app } = await startPagesApp(server, { ssr: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}, 120_000);
afterAll(() => closeAll(app, server));

describe('list pages a crawler can page', () => {
  it('page N is its own page: its products rendered, its canonical, prev/next in the head and as links in #root; past the end a 404', async () => {
    const list = `/category/${ids.dishes}-${ids.plates}`;
    const pages = [await html(`${list}/1`), await html(`${list}/2`), await html(`${list}/3`)];
    const names = pages.map((p) => itemsOf(p).map((i) => i.name));
    expect(names.map((n) => n.length)).toEqual([20, 20, 5]);
    expect(new Set(names.flat()).size).toBe(PLATES);
    expect(itemsOf(pages[1])[0].position).toBe(21);
    pages.forEach((p, i) => {
      const n = i + 1;
      expect(canonicalOf(p)).toBe(`${origin}${list}/${n}`);
      expect(relOf(p, 'prev')).toBe(n > 1 ? `${origin}${list}/${n - 1}` : undefined);
      expect(relOf(p, 'next')).toBe(n < 3 ? `${origin}${list}/${n + 1}` : undefined);
      expect(titleOf(p)).toBe(n > 1 ? `Тарелки — Страница ${n} — Лавка` : 'Тарелки — Лавка');
      // The server's HTML is the page's products (what the browser hydrates at this address).
      const root = rootOf(p)!;
      for (const name of names[i]) expect(root).toContain(name);
      for (const name of names[(i + 1) % 3]) expect(root).not.toContain(`>${name}<`);
      expect(dataOf(p).path).toBe(`${list}/${n}`);
      // Real page links in the rendered page, for a crawler and for a reader.
      if (n > 1) expect(root).toMatch(new RegExp(`<a class="pager__link" rel="prev" href="${list}/${n - 1}"`));
      else expect(root).not.toContain('rel="prev"');
    });
    expect(rootOf(pages[0])).toMatch(new RegExp(`rel="next" href="${list}/2"`));
    expect(rootOf(pages[2])).not.toContain('rel="next"');
    // Past the end, page 0 and a non-number: 404 with the storefront's 404 page, no canonical.
    for (const url of [`${list}/4`, `${list}/40`, `${list}/0`]) {
      const body = await html(url, 404);
      expect(canonicalOf(body), url).toBeUndefined();
      expect(body).toContain('<meta name="robots" content="noindex" />');
    }
    expect(rootOf(await html(`${list}/4`, 404))).toContain('Страница не найдена');
  });

  it('the sort and filters of the address are the rendered list’s, in their one canonical form (other parameters are not the page’s)', async () => {
    const list = `/category/${ids.dishes}-${ids.plates}`;
    const sorted = await html(`${list}/1?utm_source=mail&sort=price_asc`);
    const prices = itemsOf(sorted).map((i) => priceOfName(i.name));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(100);
    expect(canonicalOf(sorted)).toBe(`${origin}${list}/1?sort=price_asc`);
    // Another order of the same products: followed, not indexed (the unsorted list is the indexed one).
    expect(sorted).toContain('<meta name="robots" content="noindex, follow" />');
    expect(await html(`${list}/1`)).not.toContain('name="robots"');
    expect(relOf(sorted, 'next')).toBe(`${origin}${list}/2?sort=price_asc`);
    expect(rootOf(sorted)).toContain(`href="${list}/2?sort=price_asc"`);
    const state = dataOf(sorted).state;
    expect(state.filters.applied[`${ids.dishes}-${ids.plates}`]).toEqual({ sort: 'increase', filters: {} });
    const desc = itemsOf(await html(`${list}/3?sort=price_desc`)).map((i) => priceOfName(i.name));
    expect(desc).toEqual([140, 130, 120, 110, 100]);
    // A price filter (base id 283, from_to): only those prices, one page.
    const filtered = await html(`${list}/1?f=283:150_250`);
    const inRange = itemsOf(filtered).map((i) => priceOfName(i.name));
    expect(inRange.sort((a, b) => a - b)).toEqual([150, 160, 170, 180, 190, 200, 210, 220, 230, 240, 250]);
    expect(relOf(filtered, 'next')).toBeUndefined();
    await html(`${list}/2?f=283:150_250`, 404);
    // Exactly one full page (100…290 ₽): no next page, in the head or as a link.
    const full = await html(`${list}/1?f=283:100_290`);
    expect(itemsOf(full)).toHaveLength(20);
    expect(relOf(full, 'next')).toBeUndefined();
    expect(rootOf(full)).not.toContain('rel="next"');
    await html(`${list}/2?f=283:100_290`, 404);
  });

  it('every link to a product is its one address, under its own category’s path, on any list', async () => {
    for (const url of ['/category/0/1', `/category/${ids.dishes}/1`]) {
      const body = await html(url);
      const root = rootOf(body)!;
      const hrefs = [...root.matchAll(/href="([^"]*\/item\/[^"]*)"/g)].map((m) => m[1]);
      expect(hrefs.length, url).toBe(20);
      for (const h of hrefs) expect(h).toMatch(new RegExp(`^/category/${ids.dishes}-${ids.plates}/item/`));
      for (const i of itemsOf(body)) expect(i.url).toMatch(new RegExp(`^${origin}/category/${ids.dishes}-${ids.plates}/item/`));
    }
  });

  it('a category without sub-categories redirects to its list; one with them has its own page; a path that is not a chain is a 404', async () => {
    for (const [from, to] of [
      [`/category/${ids.dishes}-${ids.plates}`, `/category/${ids.dishes}-${ids.plates}/1`],
      [`/category/${ids.dishes}-${ids.plates}?lang=en`, `/category/${ids.dishes}-${ids.plates}/1?lang=en`],
    ]) {
      const res = await get(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location')).toBe(to);
    }
    expect(canonicalOf(await html(`/category/${ids.dishes}`))).toBe(`${origin}/category/${ids.dishes}`);
    // A path that is not the category's chain is no page, redirected or not (the app shows its 404 there too).
    for (const url of [`/category/${ids.plates}`, `/category/${ids.plates}/1`, `/category/${ids.plates}-${ids.dishes}`]) await html(url, 404);
  });

  it('?lang= is a real language version: lang, dir, title, canonical and page links in it; hreflang alternates of the neutral address', async () => {
    const list = `/category/${ids.dishes}-${ids.plates}`;
    const ru = await html(`${list}/2`);
    expect(ru).toMatch(/<html lang="ru" dir="ltr">/);
    const en = await html(`${list}/2?lang=en`);
    expect(en).toMatch(/<html lang="en" dir="ltr">/);
    expect(titleOf(en)).toBe('Тарелки — Page 2 — Лавка');
    expect(canonicalOf(en)).toBe(`${origin}${list}/2?lang=en`);
    expect(relOf(en, 'prev')).toBe(`${origin}${list}/1?lang=en`);
    expect(en).toContain(`<link rel="alternate" hreflang="en" href="${origin}${list}/2?lang=en" />`);
    expect(en).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}${list}/2" />`);
    expect(rootOf(en)).toContain('Next page');
    expect(dataOf(en).lang).toBe('en');
    expect(titleOf(await html('/category/0/1?lang=en'))).toBe('Catalog — Лавка');
    const ar = await html(`${list}/1?lang=ar`);
    expect(ar).toMatch(/<html lang="ar" dir="rtl">/);
    expect(canonicalOf(ar)).toBe(`${origin}${list}/1?lang=ar`);
    // The plain address is the Russian page: ?lang=ru is the same page, canonical to it, and the ru alternate is the plain address.
    const ruAsked = await html(`${list}/2?lang=ru`);
    expect(canonicalOf(ruAsked)).toBe(`${origin}${list}/2`);
    expect(relOf(ruAsked, 'prev')).toBe(`${origin}${list}/1`);
    for (const page of [ru, en, ruAsked]) expect(page).toContain(`<link rel="alternate" hreflang="ru" href="${origin}${list}/2" />`);
  });

  it('every address of the sitemap answers 200 and names itself as canonical', async () => {
    const locs = async (url: string) => [...(await (await get(url)).text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    const files = await locs('/sitemap.xml');
    const all = (await Promise.all(files.map((f) => locs(f.slice(origin.length))))).flat();
    expect(all).toContain(`${origin}/category/${ids.dishes}-${ids.plates}/1`);
    expect(all.filter((u) => u.includes('/item/'))).toHaveLength(PLATES);
    for (const url of all) {
      const res = await get(url.slice(origin.length));
      expect(res.status, url).toBe(200);
      expect(canonicalOf(await res.text()), url).toBe(url);
    }
    // Each address is a rendered page: some 50 renders, slow on a shared machine.
  }, 120_000);
});
