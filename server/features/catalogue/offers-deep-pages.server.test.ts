import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, startTestServer, type TestServer } from '../../test/helpers';

/** Pages past offset 200 are read ids-first (server/features/catalogue/offerList.ts): they must equal the plain query's pages. */
describe('deep catalogue pages', () => {
  let server: TestServer;
  let categoryId: string;
  const COUNT = 265;

  beforeAll(async () => {
    server = await startTestServer();
    categoryId = await createCategory(server.db, server.storeId, { category: 'Много товаров' });
    for (let i = 0; i < COUNT; i++) {
      await createOffer(server.database, server.images, server.storeId, { categoryId, name: `Товар ${String(i).padStart(3, '0')}`, price: String(1000 - i) });
    }
  }, 120_000);
  afterAll(() => server?.close());

  const page = async (offset: number, sort?: string) => {
    const r = await server.api<{ offers: { id: string; name: string; price: number }[] }>('offers', { 'p[287_categoryId]': categoryId, offset, ...(sort ? { sort } : {}) });
    expect(r.status).toBe(200);
    return r.body.offers;
  };

  it('walks every page in order with no repeats and an empty page at the end', async () => {
    const seen: string[] = [];
    for (let offset = 1; ; offset++) {
      const offers = await page(offset);
      if (!offers.length) break;
      seen.push(...offers.map((o) => o.name));
    }
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);
    expect(seen).toEqual([...seen].sort());
  });

  it('keeps the sort on deep pages', async () => {
    const deep = await page(12, 'increase');
    expect(deep).toHaveLength(20);
    const prices = deep.map((o) => o.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(1000 - COUNT + 1 + 220);
    expect((await page(14, 'increase')).map((o) => o.price)).toEqual([1000 - COUNT + 1 + 260, 997, 998, 999, 1000]);
  });
});
