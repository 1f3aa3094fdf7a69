import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, startWithOwner, type Auth, type TestServer } from '../../test/helpers';

/**
 * Keyset pages (api=offers `after` = the previous page's `next`): every offer that did not change is listed
 * exactly once even when others are added, deleted or repriced between pages, where offset pages shift.
 * Exact id lists: the same file on SQLite and PostgreSQL proves the same pages on both.
 */
describe('keyset pages of a category', () => {
  let server: TestServer;
  let owner: Auth;
  let top: string;
  let sub: string;
  const ids: string[] = [];

  beforeAll(async () => {
    ({ server, owner } = await startWithOwner());
    top = await createCategory(server.db, server.storeId, { category: 'Посуда' });
    sub = await createCategory(server.db, server.storeId, { category: 'Чашки', subId: top });
    for (let i = 0; i < 50; i++) {
      // Prices repeat (ties broken by id); every third has a discount; half are in the sub-category.
      const price = 100 + (i % 7) * 10;
      ids.push(
        await createOffer(server.database, server.images, server.storeId, {
          categoryId: i % 2 ? sub : top,
          name: `Чашка ${i}`,
          price: String(price),
          ...(i % 3 === 0 ? { oldprice: String(price + (i % 5) * 10 + 10) } : {}),
        }),
      );
    }
  }, 120_000);
  afterAll(() => server?.close());

  const page = async (params: Record<string, string | number>) => {
    const r = await server.api<{ offers: { id: string }[]; next?: string }>('offers', { 'p[287_categoryId]': top, ...params });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { ids: r.body.offers.map((o) => o.id), next: r.body.next };
  };
  /** Every page by cursor; `between` runs after the first page. */
  const walk = async (sort: string, between?: () => Promise<void>) => {
    const out: string[] = [];
    let p = await page({ offset: 1, sort: JSON.stringify(sort) });
    out.push(...p.ids);
    if (between) await between();
    while (p.next) {
      p = await page({ sort: JSON.stringify(sort), after: p.next });
      out.push(...p.ids);
    }
    return out;
  };

  it('gives the same order as offset pages for each of the five sorts, the last page without next', async () => {
    for (const sort of ['default', 'increase', 'descend', 'discount', 'date']) {
      const byOffset: string[] = [];
      for (let o = 1; o <= 3; o++) byOffset.push(...(await page({ offset: o, sort: JSON.stringify(sort) })).ids);
      expect(byOffset, sort).toHaveLength(50);
      expect(await walk(sort), sort).toEqual(byOffset);
    }
    expect((await page({ offset: 3 })).next).toBeUndefined();
  });

  it('lists every unchanged offer exactly once when others are deleted, added or repriced between pages', async () => {
    const before = await walk('increase');
    const seenFirst = before.slice(0, 20);
    const gone = seenFirst[3];
    const cheaper = seenFirst[10];
    let added = '';
    const after = await walk('increase', async () => {
      // Deleted from the first page, a new cheapest one (before the cursor), one seen repriced lower still.
      expect((await server.api('offers', { del: 1, 'p[478_offer_id]': gone }, { token: owner })).status).toBe(200);
      added = await createOffer(server.database, server.images, server.storeId, { categoryId: sub, name: 'Чашка новая', price: '1' });
      expect((await server.api('offers', { update: 1, 'p[478_offer_id]': cheaper, 'p[283_price]': '2' }, { token: owner })).status).toBe(200);
    });
    expect(new Set(after).size, 'no repeats').toBe(after.length);
    expect(after, 'no gaps').toEqual(before);
    // A fresh walk sees the changes: the new and the repriced one first, the deleted one gone.
    const fresh = await walk('increase');
    expect(fresh.slice(0, 2)).toEqual([added, cheaper]);
    expect(fresh).not.toContain(gone);
    expect(fresh).toHaveLength(50);
  });

  it('refuses a cursor of another sort or a broken one', async () => {
    const { next } = await page({ offset: 1, sort: '"increase"' });
    for (const after of [next!, 'bm90LWpzb24', Buffer.from('["default",1]').toString('base64url')]) {
      const r = await server.api('offers', { 'p[287_categoryId]': top, sort: '"descend"', after });
      expect(r.status, after).toBe(400);
      expect(r.body.error.fields).toContain('after');
    }
  });
});
