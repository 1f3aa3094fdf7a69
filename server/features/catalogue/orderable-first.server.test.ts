/**
 * Lists put what a shopper can order first (issue 36): the available offers with stock, then those not
 * available or sold out, each part in the list's sort, by offset and by keyset cursor alike; an order taking
 * the last unit sends its product to the end and a cancel brings it back; a sold-out variant hands its
 * group's card to the next one. Real HTTP, a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formKey, fieldByName, offerSchema } from '../../../schemas';
import { OWNER_PHONE, startTestServer, type Auth, type TestServer } from '../../test/helpers';
import { newDevice, orderForm, rest, setupShop } from '../../test/checkoutFixtures';
import { applySort, baseQuery } from './offerQuery';
import { searchTuning } from './offerSearch';

let server: TestServer;
let owner: Auth;
let category: string;
/** Offers that cannot be ordered: not available, or counted at 0. */
const blocked = new Set<string>();
const STOCK = `p[${formKey(fieldByName(offerSchema, 'stock'))}]`;
const SORTS = ['default', 'increase', 'descend', 'discount', 'date'] as const;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signIn(OWNER_PHONE);
  await setupShop(server, owner);
  category = await server.createCategory();
  for (let i = 0; i < 45; i++) {
    const price = 600 + (i % 9) * 10;
    const out = i % 4 === 1 ? { available: '0' } : i % 5 === 2 ? { stock: '0' } : {};
    const id = await server.createOffer({ categoryId: category, name: `Кружка ${i}`, price: String(price), ...(i % 3 ? {} : { oldprice: String(price + 50 + i) }), ...out });
    if (Object.keys(out).length) blocked.add(id);
  }
}, 120_000);
afterAll(() => server?.close());

const page = async (params: Record<string, string | number>) => {
  const r = await server.api<{ offers: { id: string; available: string }[]; next?: string }>('offers', { 'p[287_categoryId]': category, ...params });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const byOffset = async (sort: string) => {
  const out: string[] = [];
  for (let o = 1; o <= 4; o++) out.push(...(await page({ offset: o, sort: JSON.stringify(sort) })).offers.map((c) => c.id));
  return out;
};
const byCursor = async (sort: string) => {
  let p = await page({ offset: 1, sort: JSON.stringify(sort) });
  const out = p.offers.map((c) => c.id);
  while (p.next) {
    p = await page({ sort: JSON.stringify(sort), after: p.next });
    out.push(...p.offers.map((c) => c.id));
  }
  return out;
};
/** The category in the sort alone, as the database orders it, then split: what can be ordered first. */
const expected = async (sort: (typeof SORTS)[number]) => {
  const all = (await applySort(baseQuery(server.db, server.storeId).where('o.category_id', '=', category), sort).select('o.id').execute()).map((r) => r.id);
  return [...all.filter((id) => !blocked.has(id)), ...all.filter((id) => blocked.has(id))];
};

describe('lists show what can be ordered first', () => {
  it('by offset and by cursor, in each of the five sorts: the orderable offers in the sort, then the others in the sort', async () => {
    expect(blocked.size).toBe(18);
    for (const sort of SORTS) {
      const want = await expected(sort);
      expect(want).toHaveLength(45);
      // Page 2 holds the last 7 orderable offers and the first 13 others; page 3 starts 13 into the others.
      expect(await byOffset(sort), sort).toEqual(want);
      expect(await byCursor(sort), sort).toEqual(want);
    }
    const cards = (await page({ offset: 2 })).offers;
    expect(cards.map((c) => c.available)).toEqual([...Array(7).fill('1'), ...Array(13).fill('0')]);
    expect((await page({ offset: 4 })).offers).toEqual([]);
  });

  it('an order taking the last unit sends the product to the end; a cancel brings it back', async () => {
    const first = (await expected('default'))[0];
    expect((await server.api('offers', { update: '1', 'p[478_offer_id]': first, [STOCK]: '1' }, { token: owner })).status).toBe(200);
    expect((await byOffset('default'))[0]).toBe(first);

    const placed = await server.api('orders', orderForm({ [first]: 1 }, { device_id: newDevice() }) as Record<string, string>);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    blocked.add(first);
    const sold = await byOffset('default');
    expect(sold.indexOf(first)).toBe(26);
    expect(sold).toEqual(await expected('default'));

    const cancelled = await rest(server, 'PUT', `/orders/${placed.body.orders[0]}`, { token: owner, json: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    blocked.delete(first);
    expect((await byOffset('default'))[0]).toBe(first);
  });

  it('a variant selling out hands its group’s card to the next variant that can be ordered, and takes it back when restocked', async () => {
    const group = await server.createCategory();
    const variant = (name: string, extra: Record<string, string> = {}) => server.createOffer({ categoryId: group, name, price: '700', groupId: 'mug', ...extra });
    const red = await variant('Кружка красная', { stock: '1' });
    const blue = await variant('Кружка синяя');
    const cards = async () => (await server.api<{ offers: { id: string }[] }>('offers', { 'p[287_categoryId]': group })).body.offers.map((c) => c.id);
    expect(await cards()).toEqual([red]);

    const placed = await server.api('orders', orderForm({ [red]: 1 }, { device_id: newDevice() }) as Record<string, string>);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await cards()).toEqual([blue]);

    const cancelled = await rest(server, 'PUT', `/orders/${placed.body.orders[0]}`, { token: owner, json: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    expect(await cards()).toEqual([red]);
  });

  it('a search too: name hits, then the other hits, of what can be ordered, then the same of the rest; read and sorted, or walked on the index', async () => {
    const searchCat = await server.createCategory();
    const names = new Set<string>();
    const out = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const id = await server.createOffer({ categoryId: searchCat, name: `Зюзя ${i}`, price: String(700 + (i % 7) * 10), ...(i % 3 ? {} : { available: '0' }) });
      names.add(id);
      if (i % 3 === 0) out.add(id);
    }
    for (let i = 0; i < 6; i++) {
      const id = await server.createOffer({ categoryId: searchCat, name: `Подставка ${i}`, description: 'Подходит под зюзя', price: String(650 + i * 10), ...(i % 2 ? {} : { available: '0' }) });
      if (i % 2 === 0) out.add(id);
    }
    const search = async (params: Record<string, string | number>) => {
      const r = await server.api<{ offers: { id: string }[]; next?: string }>('offers', { 'p[287_categoryId]': searchCat, value: 'зюзя', ...params });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    const frequent = searchTuning.frequent;
    try {
      for (const walk of [false, true]) {
        // 1: every search counts as frequent, so it walks the order's index part by part.
        searchTuning.frequent = walk ? 1 : 2000;
        for (const sort of ['default', 'increase'] as const) {
          const all = (await applySort(baseQuery(server.db, server.storeId).where('o.category_id', '=', searchCat), sort).select('o.id').execute()).map((r) => r.id);
          const part = (name: boolean, can: boolean) => all.filter((id) => names.has(id) === name && !out.has(id) === can);
          const want = [...part(true, true), ...part(false, true), ...part(true, false), ...part(false, false)];
          const label = `${sort}${walk ? ', walked' : ''}`;
          const byOffset = [...(await search({ offset: 1, sort: JSON.stringify(sort) })).offers, ...(await search({ offset: 2, sort: JSON.stringify(sort) })).offers].map((c) => c.id);
          expect(byOffset, label).toEqual(want);
          let p = await search({ offset: 1, sort: JSON.stringify(sort) });
          const byCursor = p.offers.map((c) => c.id);
          while (p.next) {
            p = await search({ sort: JSON.stringify(sort), after: p.next });
            byCursor.push(...p.offers.map((c) => c.id));
          }
          expect(byCursor, label).toEqual(want);
        }
      }
    } finally {
      searchTuning.frequent = frequent;
    }
  });
});
