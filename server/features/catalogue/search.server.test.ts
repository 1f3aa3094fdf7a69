import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTuning } from './offerSearch';
import { OWNER_PHONE, createCategory, createOffer, startTestServer, type TestServer } from '../../test/helpers';

/**
 * Search and list order over real HTTP on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * the expectations are exact id lists, so the same file passing on both databases proves the same results.
 */
let server: TestServer;
const id: Record<string, string> = {};
let catA: string;
let catB: string;

const list = async (params: Record<string, string | number>) => {
  const r = await server.api('offers', { offset: 1, ...params });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.offers as { id: string; price: number; oldprice: number | null }[]).map((o) => o.id);
};
const search = (value: string, more: Record<string, string | number> = {}) => list({ value, ...more });
const names = (ids: string[]) => ids.map((x) => Object.keys(id).find((k) => id[k] === x) ?? x);

beforeAll(async () => {
  // Without the answer cache: these tests compare the plans' own answers.
  server = await startTestServer({ config: { responseCacheMb: 0 } });
  const { database, images, storeId } = server;
  catA = await createCategory(server.db, storeId, { category: 'Кухня' });
  catB = await createCategory(server.db, storeId, { category: 'Дом' });
  const add = async (key: string, values: Record<string, unknown>) => {
    id[key] = await createOffer(database, images, storeId, values);
  };
  await add('kettle', { name: 'Чайник электрический', price: '500', categoryId: catA, description: 'Для кухни' });
  await add('kettles', { name: 'Чайники заварочные, набор', price: '300', oldprice: '600', categoryId: catA });
  await add('mug', { name: 'Кружка', price: '100', oldprice: '110', categoryId: catB, description: '<p>Подходит к чайнику</p>' });
  await add('tree', { name: 'Ёлка искусственная', price: '900', categoryId: catB });
  await add('toy', { name: 'Елочная игрушка', price: '50', categoryId: catB });
  await add('pot', { name: 'Кастрюля', price: '700', oldprice: '1400', categoryId: catA });
});
afterAll(() => server?.close());

describe('catalogue search', () => {
  it('finds a word by its stem in names and descriptions, name hits first', async () => {
    expect(names(await search('чайники'))).toEqual(['kettle', 'kettles', 'mug']);
    expect(names(await search('Чайник'))).toEqual(['kettle', 'kettles', 'mug']);
  });

  it('ranks name hits first and then applies the chosen sort', async () => {
    expect(names(await search('чайник', { sortId: 'increase' }))).toEqual(['kettles', 'kettle', 'mug']);
    expect(names(await search('чайник', { sortId: 'descend' }))).toEqual(['kettle', 'kettles', 'mug']);
  });

  it('treats ё and е alike in the query and in the product', async () => {
    expect(names(await search('елка'))).toEqual(['tree']);
    expect(names(await search('ёлки'))).toEqual(['tree']);
    expect(names(await search('ёлочная'))).toEqual(['toy']);
  });

  it('matches the last word as a prefix while the shopper types', async () => {
    expect(names(await search('элект'))).toEqual(['kettle']);
    expect(names(await search('чайник элек'))).toEqual(['kettle']);
    expect(names(await search('кастр'))).toEqual(['pot']);
  });

  it('needs every word', async () => {
    expect(names(await search('чайник набор'))).toEqual(['kettles']);
    expect(await search('чайник кастрюля')).toEqual([]);
    expect(await search('!!!')).toEqual([]);
  });

  it('combines a search with a category and a price filter', async () => {
    expect(names(await search('чайник', { 'p[287_categoryId]': catA }))).toEqual(['kettle', 'kettles']);
    expect(names(await search('чайник', { 'p[287_categoryId]': catA, 'filter[283]': '400_600' }))).toEqual(['kettle']);
    expect(names(await search('чайник', { 'p[287_categoryId]': catB }))).toEqual(['mug']);
  });

  it('follows an edit: a renamed product is found by its new name only', async () => {
    const r = await server.api('offers', { update: 1, 'p[478_offer_id]': id.toy, 'p[276_name]': 'Гирлянда' }, { token: await server.signIn(OWNER_PHONE) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await search('елочная')).toEqual([]);
    expect(names(await search('гирлянды'))).toEqual(['toy']);
  });
});

describe('catalogue list order', () => {
  it('sorts the whole shop by each of the five sorts', async () => {
    expect(names(await list({}))).toEqual(['kettle', 'kettles', 'mug', 'tree', 'toy', 'pot']);
    expect(names(await list({ sort: '"increase"' }))).toEqual(['toy', 'mug', 'kettles', 'kettle', 'pot', 'tree']);
    expect(names(await list({ sort: '"descend"' }))).toEqual(['tree', 'pot', 'kettle', 'kettles', 'mug', 'toy']);
    // Discount: 50 % (kettles, pot, in default order), 9 % (mug), then the rest in default order.
    expect(names(await list({ sort: '"discount"' }))).toEqual(['kettles', 'pot', 'mug', 'kettle', 'tree', 'toy']);
    const byDate = await list({ sort: '"date"' });
    expect(new Set(byDate)).toEqual(new Set(Object.values(id)));
    const created = await Promise.all(byDate.map(async (x) => (await server.api('offers', { 'p[478_offer_id]': x })).body.offers[0].created as string));
    expect([...created].sort().reverse()).toEqual(created);
  });
});

describe('a word matching many offers', () => {
  /** 45 plates over both categories: 30 with the word in the name, 15 only in the description; prices repeat. */
  const plates: Record<string, { name: boolean; price: number; cat: 'A' | 'B' }> = {};
  beforeAll(async () => {
    const { database, images, storeId } = server;
    for (let i = 0; i < 45; i++) {
      const name = i % 3 !== 2;
      const price = 100 + ((i * 37) % 11) * 10;
      const cat = i % 2 ? 'B' : 'A';
      const key = await createOffer(database, images, storeId, {
        name: name ? `Тарелка ${i}` : `Блюдо ${i}`,
        price: String(price),
        ...(i % 4 === 0 ? { oldprice: String(price * 2) } : {}),
        categoryId: cat === 'A' ? catA : catB,
        description: name ? 'Фарфор' : 'Почти как тарелка',
      });
      plates[key] = { name, price, cat };
    }
  });
  afterAll(() => {
    searchTuning.frequent = 2000;
  });

  /** Every page until an empty one, under a threshold: the frequent path (walk) or the matches-first path. */
  const pages = async (frequent: number, params: Record<string, string | number>) => {
    searchTuning.frequent = frequent;
    const out: string[][] = [];
    for (let page = 1; page < 10; page++) {
      const ids = await search('тарелка', { ...params, offset: page });
      if (!ids.length) break;
      out.push(ids);
    }
    return out;
  };

  /** Page 1, then each page by the previous one's `next` (keyset), until a page comes without it. */
  const cursorPages = async (frequent: number, params: Record<string, string | number>) => {
    searchTuning.frequent = frequent;
    const out: string[][] = [];
    let after: string | undefined;
    for (let page = 1; page < 10; page++) {
      const r = await server.api('offers', { value: 'тарелка', ...params, ...(after ? { after } : { offset: 1 }) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const ids = (r.body.offers as { id: string }[]).map((o) => o.id);
      if (ids.length) out.push(ids);
      after = r.body.next;
      expect(after === undefined, 'a full page has next').toBe(ids.length < 20);
      if (!after) break;
    }
    return out;
  };

  it('pages by the cursor exactly as by the page number, in every sort and whichever plan runs', async () => {
    const cases: Record<string, string | number>[] = [{}, { sortId: 'increase' }, { sortId: 'descend' }, { sortId: 'discount' }, { sortId: 'date' }, { 'p[287_categoryId]': catA, sortId: 'increase', 'filter[283]': '120_180' }];
    for (const params of cases) {
      const byOffset = await pages(1_000_000, params);
      for (const frequent of [1, 31, 1_000_000]) expect(await cursorPages(frequent, params), `${JSON.stringify(params)} at ${frequent}`).toEqual(byOffset);
    }
    const first = await server.api('offers', { value: 'тарелка', offset: 1, sortId: 'increase' });
    const list = await server.api('offers', { offset: 1, sort: 'increase' });
    // A search's cursor in another sort, a list's cursor in a search, a broken one: 400 on after.
    for (const [params, after] of [
      [{ value: 'тарелка', sortId: 'descend' }, first.body.next],
      [{ value: 'тарелка', sortId: 'increase' }, list.body.next],
      [{ sort: 'increase' }, first.body.next],
      [{ value: 'тарелка' }, 'не курсор'],
    ] as const) {
      const r = await server.api('offers', { ...params, after });
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid_input', fields: ['after'] });
    }
  });

  it('pages through name hits first, then description hits, each in the chosen sort, the same whichever plan runs', async () => {
    const cases: Record<string, string | number>[] = [
      {},
      { sortId: 'increase' },
      { sortId: 'descend' },
      { sortId: 'discount' },
      { sortId: 'date' },
      { 'p[287_categoryId]': catB },
      { 'p[287_categoryId]': catA, sortId: 'increase', 'filter[283]': '120_180' },
    ];
    for (const params of cases) {
      const matches = await pages(1_000_000, params);
      // 1: the walk for both parts; 31: name hits (30) read from their matches, the rest walked.
      for (const frequent of [1, 31]) expect(await pages(frequent, params), `${JSON.stringify(params)} at ${frequent}`).toEqual(matches);
      const all = matches.flat();
      expect(new Set(all).size, 'no repeats').toBe(all.length);
      const wanted = Object.keys(plates).filter((k) => {
        const p = plates[k];
        if (params['p[287_categoryId]'] === catB && p.cat !== 'B') return false;
        if (params['p[287_categoryId]'] === catA && (p.cat !== 'A' || p.price < 120 || p.price > 180)) return false;
        return true;
      });
      expect(new Set(all), 'no gaps').toEqual(new Set(wanted));
      const firstDescriptionHit = all.findIndex((k) => !plates[k].name);
      expect(all.slice(firstDescriptionHit).every((k) => !plates[k].name), 'name hits first').toBe(true);
      if (params.sortId === 'increase') {
        const prices = all.slice(0, firstDescriptionHit).map((k) => plates[k].price);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
      }
    }
    expect((await pages(1, {})).map((p) => p.length)).toEqual([20, 20, 5]);
  });
});
