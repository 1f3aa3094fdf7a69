/**
 * A product that leaves the catalogue (hidden: e.g. its feed no longer has it) keeps its page: the item API
 * answers it to the storefront's item page (retired=1) with active false, the server's page is a 200 that says
 * it is no longer sold, with noindex and schema.org Discontinued; a deleted product stays a 404. Over real HTTP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { startTestServer, type TestServer } from '../../test/helpers';

let server: TestServer;
let app: FastifyInstance;
let base: string;
let dist: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  ids.kitchen = await server.createCategory({ category: 'Кухня' });
  ids.kept = await server.createOffer({ name: 'Чайник', categoryId: ids.kitchen, price: '1990' });
  ids.hidden = await server.createOffer({ name: 'Старый чайник', categoryId: ids.kitchen, price: '990' });
  ids.deleted = await server.createOffer({ name: 'Удалённый чайник', categoryId: ids.kitchen, price: '500' });
  await server.db.updateTable('offers').set({ active: 0 }).where('store_id', '=', server.storeId).where('id', '=', ids.hidden).execute();
  await server.db.updateTable('offers').set({ deleted: 1 }).where('store_id', '=', server.storeId).where('id', '=', ids.deleted).execute();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  fs.mkdirSync(path.join(dist, 'storefront'));
  fs.writeFileSync(
    path.join(dist, 'storefront', 'index.html'),
    '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title></title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
  );
  app = (await buildApp({ config: server.config, database: server.database, distDir: dist })).app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
  await server?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

const page = async (id: string) => {
  const res = await fetch(`${base}/category/${ids.kitchen}/item/${id}`, { headers: { host: 'shop.test' }, redirect: 'manual' });
  return { status: res.status, html: await res.text() };
};
const one = async (id: string, extra: Record<string, string> = {}) => server.api('offers', { 'p[478_offer_id]': id, ...extra });

describe('a product no longer sold keeps its page', () => {
  it('the item API answers a hidden product to the item page (retired=1) with active false; without the flag, and when deleted, 404', async () => {
    const hidden = await one(ids.hidden, { retired: '1' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.offers[0]).toMatchObject({ id: ids.hidden, name: 'Старый чайник' });
    expect([false, '0', 0]).toContain(hidden.body.offers[0].active);
    const kept = await one(ids.kept, { retired: '1' });
    expect([true, '1', 1]).toContain(kept.body.offers[0].active);
    // Lists, carts and the other readers of one product still see only what is on sale.
    expect((await one(ids.hidden)).status).toBe(404);
    expect((await one(ids.deleted, { retired: '1' })).status).toBe(404);
  });

  it('the server page of a hidden product is a 200 that says it is no longer sold, noindex, Discontinued', async () => {
    const { status, html } = await page(ids.hidden);
    expect(status).toBe(200);
    expect(html).toContain('<title>Старый чайник');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('товар больше не продаётся');
    expect(html).toContain('https://schema.org/Discontinued');
    const live = await page(ids.kept);
    expect(live.status).toBe(200);
    expect(live.html).not.toContain('name="robots"');
    expect(live.html).toContain('https://schema.org/InStock');
  });

  it("an old address whose categories are no chain any more (a category moved) moves for good to the product's own", async () => {
    for (const stale of [`999-${ids.kitchen}`, '999', `${ids.kitchen}-${ids.kitchen}`]) {
      const res = await fetch(`${base}/category/${stale}/item/${ids.hidden}?lang=en`, { headers: { host: 'shop.test' }, redirect: 'manual' });
      expect(res.status, stale).toBe(301);
      expect(res.headers.get('location')).toBe(`/category/${ids.kitchen}/item/${ids.hidden}?lang=en`);
    }
    // The product's own address and the list of all products' stay pages.
    expect((await page(ids.hidden)).status).toBe(200);
    expect((await fetch(`${base}/category/0/item/${ids.kept}`, { headers: { host: 'shop.test' }, redirect: 'manual' })).status).toBe(200);
  });

  it('a deleted product stays a 404', async () => {
    expect((await page(ids.deleted)).status).toBe(404);
  });
});
