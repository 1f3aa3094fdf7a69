import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DIR } from '../../demo/seedDemo';
import { startTestServer, type TestServer } from '../../test/helpers';
import { expectServed } from '../../test/served';

interface Card {
  id: string;
  mainCatId: string;
  categoryId: string;
  name: string;
  vendor: string | null;
  price: number;
  oldprice: number | null;
  picture: string | null;
  thumb: string | null;
  images: string[];
  available: string;
  [k: string]: unknown;
}
interface Item extends Record<string, unknown> {
  id: string;
  price: number;
  oldprice: number | null;
  categoryId: string;
  manufacturer_warranty?: string | null;
  shop?: string | null;
  params: { baseId: number; name: string; kind: string; unit: string | null; value: string; valueName: string }[];
  images: { id: string; img: string; thumb: string }[];
}

/** The demo feed's offer ids in feed order, read from the file itself. */
const FEED_IDS = [...fs.readFileSync(path.join(DEMO_DIR, 'demo.yml'), 'utf8').matchAll(/<offer id="([^"]+)"/g)].map((m) => m[1]);

let server: TestServer;
/** Every product as the catalogue pages give it, and each one's full item. */
let cards: Card[];
const items = new Map<string, Item>();
let categories: { categoryId: string; subId: string; category: string }[];

const page = async (params: Record<string, string | number>) => {
  const r = await server.api('offers', params);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.offers as Card[];
};
/** Every page of a list call until the first empty one. */
const allPages = async (params: Record<string, string | number>) => {
  const out: Card[] = [];
  for (let p = 1; p < 20; p++) {
    const got = await page({ ...params, offset: p });
    if (!got.length) return out;
    expect(got.length).toBeLessThanOrEqual(20);
    out.push(...got);
  }
  throw new Error('more than 19 pages');
};
const ids = (list: { id: string }[]) => list.map((o) => o.id);
const sortedIds = (list: { id: string }[]) => ids(list).sort();
const withParam = (baseId: number, ok: (value: string) => boolean) =>
  [...items.values()].filter((i) => i.params.some((p) => p.baseId === baseId && ok(p.value))).map((i) => i.id).sort();

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  cards = await allPages({});
  for (const c of cards) {
    const r = await server.api('offers', { 'p[478_offer_id]': c.id });
    expect(r.status).toBe(200);
    items.set(c.id, r.body.offers[0]);
  }
  categories = (await server.api('offers_category')).body.offers_category;
});
afterAll(() => server?.close());

describe('api=offers lists', () => {
  it('pages through the whole demo catalogue: 20 per page, an empty page at the end, no duplicates', async () => {
    expect(FEED_IDS).toHaveLength(60);
    expect(cards).toHaveLength(60);
    expect(new Set(ids(cards)).size).toBe(60);
    expect((await page({ offset: 1 })).length).toBe(20);
    expect((await page({ offset: 3 })).length).toBe(20);
    expect(await page({ offset: 4 })).toEqual([]);
    expect(await page({ offset: 99 })).toEqual([]);
    // Without offset: page 1.
    expect(ids(await page({}))).toEqual(ids(cards.slice(0, 20)));
  });

  it('keeps the feed order by default, what cannot be ordered after the rest', () => {
    const unavailable = new Set(ids(cards.filter((c) => c.available === '0')));
    expect(unavailable.size).toBe(5);
    expect(ids(cards)).toEqual([...FEED_IDS.filter((id) => !unavailable.has(id)), ...FEED_IDS.filter((id) => unavailable.has(id))]);
  });

  it('gives cards with the list fields', () => {
    const c = cards.find((x) => x.id === '1001')!;
    expect(c).toMatchObject({ id: '1001', mainCatId: '1', categoryId: '11', type: 'vendor.model', vendor: 'Квант', price: 12990, oldprice: 14990, available: '1', currencyId: 'RUR' });
    expect(c.picture).toMatch(/^1\/offers\/\w+\.jpg$/);
    expect(c.thumb).toMatch(/^1\/offers\/\w+_t\.webp$/);
    expect(c.images.length).toBe(3);
    expect(cards.find((x) => x.id === '1004')!.available).toBe('0');
  });

  it('lists a category with all its sub-categories, and a leaf alone', async () => {
    const below = (root: string) => {
      const out = new Set([root]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const c of categories) if (out.has(c.subId) && !out.has(c.categoryId)) (out.add(c.categoryId), (grew = true));
      }
      return out;
    };
    for (const cat of ['1', '13', '131', '7', '71']) {
      const want = cards.filter((c) => below(cat).has(c.categoryId)).map((c) => c.id).sort();
      expect(want.length, cat).toBeGreaterThan(0);
      expect(sortedIds(await allPages({ 'p[287_categoryId]': cat })), cat).toEqual(want);
    }
    const electronics = await allPages({ 'p[287_categoryId]': '1' });
    expect(electronics.length).toBe(19);
    expect(new Set(electronics.map((c) => c.mainCatId))).toEqual(new Set(['1']));
    expect(await page({ 'p[287_categoryId]': '424242' })).toEqual([]);
  });

  it('sorts by price up and down, by discount, by date, and accepts the seed JSON forms', async () => {
    /** Each part of a sorted list (what can be ordered, then the rest) in the order `inOrder` checks. */
    const inParts = (list: Card[], inOrder: (a: Card, b: Card) => boolean) => {
      const orderable = list.filter((c) => c.available === '1');
      expect(ids(list)).toEqual(ids([...orderable, ...list.filter((c) => c.available !== '1')]));
      expect(sortedIds(list)).toEqual(sortedIds(cards));
      for (let i = 1; i < list.length; i++) if (list[i].available === list[i - 1].available) expect(inOrder(list[i - 1], list[i]), `${list[i - 1].id} ${list[i].id}`).toBe(true);
    };
    const up = await allPages({ sort: 'increase' });
    inParts(up, (a, b) => b.price >= a.price);
    const down = await allPages({ sort: 'descend' });
    inParts(down, (a, b) => b.price <= a.price);
    expect(down[0].price).toBe(Math.max(...cards.filter((c) => c.available === '1').map((c) => c.price)));

    const discount = (c: Card) => (c.oldprice && c.oldprice > c.price ? (c.oldprice - c.price) / c.oldprice : 0);
    const byDiscount = await allPages({ sort: 'discount' });
    inParts(byDiscount, (a, b) => discount(b) <= discount(a) + 1e-9);
    expect(discount(byDiscount[0])).toBeGreaterThan(0);

    const byDate = await allPages({ sort: 'date' });
    inParts(byDate, (a, b) => String(items.get(b.id)!.created) <= String(items.get(a.id)!.created));

    expect(ids(await allPages({ sort: 'default' }))).toEqual(ids(cards));
    expect(ids(await page({ sort: '"increase"' }))).toEqual(ids(up.slice(0, 20)));
    expect(ids(await page({ sort: '{"id":"descend"}' }))).toEqual(ids(down.slice(0, 20)));
    // In a category, page 2 continues page 1 in the same order.
    const books = await allPages({ 'p[287_categoryId]': '2', sort: 'increase' });
    expect(books.some((c) => c.available === '0')).toBe(true);
    for (let i = 1; i < books.length; i++) if (books[i].available === books[i - 1].available) expect(books[i].price).toBeGreaterThanOrEqual(books[i - 1].price);
  });

  it('filters by a select param (one value, several values)', async () => {
    const black = withParam(323, (v) => v === '1');
    expect(black.length).toBeGreaterThan(1);
    const got = await allPages({ 'filter[323]': '1' });
    expect(sortedIds(got)).toEqual(black);
    const blackOrRed = withParam(323, (v) => v === '1' || v === '4');
    expect(blackOrRed.length).toBeGreaterThan(black.length);
    expect(sortedIds(await allPages({ 'filter[323]': '1_4' }))).toEqual(blackOrRed);
    // Combined with a category.
    const inPhones = black.filter((id) => items.get(id)!.categoryId === '11');
    expect(sortedIds(await allPages({ 'p[287_categoryId]': '11', 'filter[323]': '1' }))).toEqual(inPhones);
  });

  it('filters by a bool param and by the common warranty and shop flags', async () => {
    const waterproof = withParam(327, (v) => v === '1');
    expect(waterproof.length).toBeGreaterThan(0);
    expect(sortedIds(await allPages({ 'filter[327]': '1' }))).toEqual(waterproof);
    const warranty = [...items.values()].filter((i) => i.manufacturer_warranty === '1').map((i) => i.id).sort();
    expect(warranty.length).toBeGreaterThan(0);
    expect(warranty.length).toBeLessThan(60);
    expect(sortedIds(await allPages({ 'filter[306]': '1' }))).toEqual(warranty);
    const shop = [...items.values()].filter((i) => i.shop === '1').map((i) => i.id).sort();
    expect(sortedIds(await allPages({ 'filter[292]': '1' }))).toEqual(shop);
  });

  it('filters by a number range and a price range', async () => {
    const memory = withParam(324, (v) => Number(v) >= 100 && Number(v) <= 600);
    expect(memory.length).toBeGreaterThan(0);
    expect(sortedIds(await allPages({ 'filter[324]': '100_600' }))).toEqual(memory);
    const screens = withParam(325, (v) => Number(v) >= 6 && Number(v) <= 14.5);
    expect(sortedIds(await allPages({ 'filter[325]': '6_14,5' }))).toEqual(screens);

    const priced = (from: number, to: number) => cards.filter((c) => c.price >= from && c.price <= to).map((c) => c.id).sort();
    expect(priced(1000, 5000).length).toBeGreaterThan(0);
    expect(sortedIds(await allPages({ 'filter[283]': '1000_5000' }))).toEqual(priced(1000, 5000));
    // An open upper bound (empty or 0) and an open lower bound.
    expect(sortedIds(await allPages({ 'filter[283]': '20000_' }))).toEqual(priced(20000, Infinity));
    expect(sortedIds(await allPages({ 'filter[283]': '20000_0' }))).toEqual(priced(20000, Infinity));
    expect(sortedIds(await allPages({ 'filter[283]': '_1000' }))).toEqual(priced(0, 1000));
    expect(sortedIds(await allPages({ 'filter[283]': '0_0' }))).toEqual(sortedIds(cards));
    // Several filters at once: all must hold.
    const both = memory.filter((id) => priced(0, 30000).includes(id));
    expect(sortedIds(await allPages({ 'filter[324]': '100_600', 'filter[283]': '0_30000' }))).toEqual(both);
    // A filter with an empty value is no filter.
    expect((await allPages({ 'filter[323]': '' })).length).toBe(60);
  });

  it('counts what a list would show with its filters (count=1), as the filter page says "Показать N товаров"', async () => {
    const count = async (params: Record<string, string>) => {
      const r = await server.api('offers', { count: 1, ...params });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as { count: number; more: boolean; offers: unknown[] };
    };
    for (const params of [{}, { 'p[287_categoryId]': '1' }, { 'p[287_categoryId]': '11', 'filter[323]': '1' }, { 'filter[324]': '100_600', 'filter[283]': '0_30000' }, { 'filter[292]': '1' }] as Record<string, string>[]) {
      expect(await count(params), JSON.stringify(params)).toEqual({ offers: [], count: (await allPages(params)).length, more: false });
    }
    expect((await count({ 'p[287_categoryId]': '999999' })).count).toBe(0);
    expect((await server.api('offers', { count: 1, 'filter[324]': 'abc' })).status).toBe(400);
  });

  it('the filters list gives the price range and the number ranges of the catalogue', async () => {
    const r = await server.api('offers_params', {});
    const price = r.body.offers_params.find((p: { baseId: string }) => p.baseId === '283');
    expect(price.defaultFrom).toBe(Math.floor(Math.min(...cards.map((c) => c.price))));
    expect(price.defaultTo).toBe(Math.ceil(Math.max(...cards.map((c) => c.price))));
    const memory = r.body.offers_params.find((p: { baseId: string }) => p.baseId === '324');
    const values = withParam(324, () => true).map((id) => Number(items.get(id)!.params.find((p) => p.baseId === 324)!.value));
    expect([memory.defaultFrom, memory.defaultTo]).toEqual([Math.min(...values), Math.max(...values)]);
  });
});

describe('api=offers search', () => {
  const byVendor = (v: string) => cards.filter((c) => c.vendor === v).map((c) => c.id).sort();

  it('finds products by a word, case-insensitively', async () => {
    const want = byVendor('Квант');
    expect(want.length).toBeGreaterThan(1);
    expect(sortedIds(await allPages({ value: 'Квант' }))).toEqual(want);
    expect(sortedIds(await allPages({ value: 'квант' }))).toEqual(want);
    expect(sortedIds(await allPages({ value: 'КВАНТ' }))).toEqual(want);
  });

  it('finds products by the start of a word', async () => {
    expect(sortedIds(await allPages({ value: 'Кван' }))).toEqual(byVendor('Квант'));
    const phones = await allPages({ value: 'смартф' });
    expect(phones.length).toBeGreaterThan(0);
    for (const p of phones) expect(`${p.name} ${items.get(p.id)!.description ?? ''}`.toLowerCase()).toContain('смартф');
  });

  it('treats е and ё as the same letter, both ways', async () => {
    const book = cards.find((c) => c.name === 'Мёртвые души')!;
    expect(book).toBeTruthy();
    for (const q of ['Мёртвые', 'мертвые', 'МЕРТВ', 'мёртв']) expect(ids(await allPages({ value: q })), q).toContain(book.id);
  });

  it('requires every word of a several-word search', async () => {
    const got = await allPages({ value: 'смартфон квант' });
    expect(got.length).toBeGreaterThan(0);
    for (const p of got) expect(p.name.toLowerCase()).toContain('квант');
    expect(got.length).toBeLessThanOrEqual(byVendor('Квант').length);
  });

  it('finds nothing for an unknown word or a blank search, and survives query syntax', async () => {
    expect(await page({ value: 'несуществующееслово' })).toEqual([]);
    expect(await page({ value: '   ' })).toEqual([]);
    for (const nasty of ['"', "'", 'a:*', '&|!', 'NEAR(a b)', '*', '(', 'OR', "'; drop table offers; --"]) {
      const r = await server.api('offers', { value: nasty });
      expect(r.status, nasty).toBe(200);
      expect(Array.isArray(r.body.offers)).toBe(true);
    }
    expect((await allPages({})).length).toBe(60);
  });

  it('sorts and pages a search', async () => {
    const got = await page({ value: 'Квант', sortId: 'increase' });
    for (let i = 1; i < got.length; i++) expect(got[i].price).toBeGreaterThanOrEqual(got[i - 1].price);
    expect(await page({ value: 'Квант', offset: 2 })).toEqual([]);
  });
});

describe('api=offers one item and cart lines', () => {
  it('gives one item with every field of its type, params with names and pictures with thumbnails', async () => {
    const item = items.get('1001')!;
    expect(item).toMatchObject({ id: '1001', type: 'vendor.model', vendor: 'Квант', model: 'A5 64 ГБ', price: 12990, oldprice: 14990, categoryId: '11', mainCatId: '1', available: '1' });
    expect(item.description).toMatch(/^<p>/);
    expect(item.images).toHaveLength(3);
    for (const img of item.images) {
      expect(img).toEqual({ id: expect.any(String), img: expect.stringMatching(/\.jpg$/), thumb: expect.stringMatching(/_t\.webp$/) });
      await expectServed(server, img.img, 'image/jpeg');
      await expectServed(server, img.thumb, 'image/webp');
    }
    const colour = item.params.find((p) => p.baseId === 323)!;
    expect(colour).toMatchObject({ name: 'Цвет', kind: 'select', value: '1', valueName: 'чёрный' });
    expect(item.params.find((p) => p.baseId === 324)).toMatchObject({ name: 'Объём памяти', kind: 'number', unit: 'ГБ', value: '64' });
    // A book has its own fields.
    const book = items.get('2101')!;
    expect(book.type).toBe('book');
    expect(book).toHaveProperty('author');
    expect(book).not.toHaveProperty('model');
  });

  it('answers 404 for an unknown item', async () => {
    const r = await server.api('offers', { 'p[478_offer_id]': 'no-such-offer' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not_found');
  });

  it('gives cart lines by ids in the order asked, unknown ids left out, unavailable ones marked', async () => {
    const r = await server.api('offers', { ids: '1002,1001,nope,1004' });
    expect(r.status).toBe(200);
    expect(ids(r.body.offers)).toEqual(['1002', '1001', '1004']);
    expect(r.body.offers.map((o: Card) => o.available)).toEqual(['1', '1', '0']);
    expect(r.body.offers[1]).toEqual(cards.find((c) => c.id === '1001'));
    expect((await server.api('offers', { ids: '' })).body.offers).toEqual([]);
  });

  it('gives the stop list of a cart: the lines that cannot be ordered', async () => {
    const r = await server.api('offers', { ids: '1001,1004,1304', coords: '59.95,30.31' });
    expect(r.status).toBe(200);
    expect(ids(r.body.offers).sort()).toEqual(['1004', '1304']);
  });
});
