/**
 * Stock per product over real HTTP on a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL): the
 * owner counts it in the item editor's field, orders reserve it (never more than there is, even in
 * parallel), a cancel gives it back, 0 shows the product unavailable, the owner hears of low stock, and a
 * YML feed's <count> sets it.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formKey, fieldByName, offerSchema } from '../../../schemas';
import { OWNER_PHONE, startTestServer, type Auth, type TestServer } from '../../test/helpers';
import { newDevice, orderForm, rest, setupShop, storeSettings, type Shop } from '../../test/checkoutFixtures';
import { importFeed } from '../yml/jobs/importFeed';

let server: TestServer;
let owner: Auth;
let shop: Shop;
const STOCK = `p[${formKey(fieldByName(offerSchema, 'stock'))}]`;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signIn(OWNER_PHONE);
  shop = await setupShop(server, owner);
  await storeSettings(server, owner, { notify_orders_email: 'owner@example.com', low_stock_at: 2 });
});
afterAll(() => server?.close());

async function setStock(id: string, stock: number | '') {
  const r = await server.api('offers', { update: '1', 'p[478_offer_id]': id, [STOCK]: String(stock) }, { token: owner });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
/** The item as a customer sees it (no token). */
const item = async (id: string) => (await server.api('offers', { 'p[478_offer_id]': id })).body.offers[0];
const order = (items: Record<string, number>) => server.api('orders', orderForm(items, { device_id: newDevice() }) as Record<string, string>);
const stockOf = async (id: string) => (await server.db.selectFrom('offers').select('stock').where('store_id', '=', server.storeId).where('id', '=', id).executeTakeFirstOrThrow()).stock;
const lowStockRows = () => server.db.selectFrom('outbox').selectAll().where('store_id', '=', server.storeId).where('event', '=', 'low_stock').orderBy('id').execute();

describe('stock', () => {
  it('is unlimited when empty: orders of any size go through and nothing is counted', async () => {
    expect((await item(shop.offers.big)).stock).toBeNull();
    const r = await order({ [shop.offers.big]: 50 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await stockOf(shop.offers.big)).toBeNull();
  });

  it('an order takes its quantity off, one asking for more than is left is refused with the unavailable items, and the owner hears of low stock', async () => {
    await setStock(shop.offers.mid, 5);
    expect((await item(shop.offers.mid)).stock).toBe(5);
    const first = await order({ [shop.offers.mid]: 2 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await stockOf(shop.offers.mid)).toBe(3);
    expect(await lowStockRows()).toHaveLength(0);

    const tooMany = await order({ [shop.offers.mid]: 4 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('unavailable_items');
    expect(tooMany.body.error.fields).toEqual([shop.offers.mid]);
    expect(await stockOf(shop.offers.mid)).toBe(3);

    const second = await order({ [shop.offers.mid]: 2 });
    expect(second.status).toBe(200);
    expect(await stockOf(shop.offers.mid)).toBe(1);
    const low = await lowStockRows();
    expect(low.map((r) => [r.channel, r.recipient])).toEqual([['email', 'owner@example.com']]);
    expect(low[0].subject).toBe(`Товар заканчивается: ${(await item(shop.offers.mid)).name}`);
    expect(low[0].body).toContain('Осталось 1 шт.');
  });

  it('parallel orders never sell more than the stock, and 0 makes the product unavailable until a cancel gives units back', async () => {
    await setStock(shop.offers.big, 4);
    const replies = await Promise.all(Array.from({ length: 12 }, () => order({ [shop.offers.big]: 1 })));
    const placed = replies.filter((r) => r.status === 200).map((r) => r.body.orders[0] as number);
    const refused = replies.filter((r) => r.status !== 200);
    expect(placed).toHaveLength(4);
    expect(refused.map((r) => `${r.status} ${r.body.error.code}`)).toEqual(Array(8).fill('400 unavailable_items'));
    expect(await stockOf(shop.offers.big)).toBe(0);

    // The customer sees it unavailable on the item page, in the category list and in the cart's stop list.
    expect((await item(shop.offers.big)).available).toBe('0');
    const cards = (await server.api('offers', { 'p[287_categoryId]': shop.categoryId })).body.offers as { id: string; available: string }[];
    expect(cards.find((c) => c.id === shop.offers.big)?.available).toBe('0');
    const stop = (await server.api('offers', { ids: shop.offers.big, coords: '59.958,30.306' })).body.offers as { id: string }[];
    expect(stop.map((o) => o.id)).toEqual([shop.offers.big]);
    // The owner's storefront shows it unavailable too; the item editor (edit=1) gets the product's own flag to keep
    // (restocking needs no second change).
    expect((await server.api('offers', { 'p[478_offer_id]': shop.offers.big }, { token: owner })).body.offers[0].available).toBe('0');
    expect((await server.api('offers', { 'p[478_offer_id]': shop.offers.big, edit: '1' }, { token: owner })).body.offers[0].available).toBe('1');
    expect((await server.api('offers', { 'p[478_offer_id]': shop.offers.big, edit: '1' })).body.offers[0].available).toBe('0');

    const cancelled = await rest(server, 'PUT', `/orders/${placed[0]}`, { token: owner, json: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await stockOf(shop.offers.big)).toBe(1);
    expect((await item(shop.offers.big)).available).toBe('1');
    // Reopening the cancelled order takes the unit again.
    const reopened = await rest(server, 'PUT', `/orders/${placed[0]}`, { token: owner, json: { status: 'accepted' } });
    expect(reopened.status).toBe(200);
    expect(await stockOf(shop.offers.big)).toBe(0);
  });

  it('an order placed while the product was not counted gives nothing back when cancelled later', async () => {
    await setStock(shop.offers.cheap, '');
    const r = await order({ [shop.offers.cheap]: 4 });
    expect(r.status).toBe(200);
    await setStock(shop.offers.cheap, 10);
    const cancelled = await rest(server, 'PUT', `/orders/${r.body.orders[0]}`, { token: owner, json: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(shop.offers.cheap)).toBe(10);
  });

  it('refuses a negative or fractional stock from the owner and changes nothing', async () => {
    await setStock(shop.offers.pricey, 7);
    for (const bad of ['-1', '2.5', 'many']) {
      const r = await server.api('offers', { update: '1', 'p[478_offer_id]': shop.offers.pricey, [STOCK]: bad }, { token: owner });
      expect(r.status).toBe(400);
    }
    expect(await stockOf(shop.offers.pricey)).toBe(7);
  });

  it('takes a YML feed’s <count> as the stock, and an offer without <count> keeps the stock counted in the admin', async () => {
    const offer = (id: string, count?: string) =>
      `<offer id="${id}" available="true"><name>Товар ${id}</name><price>700</price><currencyId>RUR</currencyId><categoryId>1</categoryId>${count === undefined ? '' : `<count>${count}</count>`}</offer>`;
    const feed = (offers: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><yml_catalog date="2026-11-24 10:00"><shop><name>Т</name><company>Т</company><url>https://shop.example/</url><currencies><currency id="RUR" rate="1"/></currencies><categories><category id="1">Всё</category></categories><offers>${offers}</offers></shop></yml_catalog>`;
    const run = (text: string) => importFeed({ db: server.db, dialect: server.dialect, storeId: server.storeId, input: Readable.from([Buffer.from(text)]) });
    await run(feed(offer('y1', '12') + offer('y2', '0') + offer('y3') + offer('y4', '-3')));
    expect(await stockOf('y1')).toBe(12);
    expect(await stockOf('y2')).toBe(0);
    expect(await stockOf('y3')).toBeNull();
    expect(await stockOf('y4')).toBeNull();
    expect((await item('y2')).available).toBe('0');
    expect((await item('y1')).available).toBe('1');

    await setStock('y3', 6);
    await run(feed(offer('y1', '9') + offer('y2', '0') + offer('y3') + offer('y4')));
    expect(await stockOf('y1')).toBe(9);
    expect(await stockOf('y3')).toBe(6);
  });
});
