import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  server = await startTestServer();
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
