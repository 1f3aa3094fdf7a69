/**
 * Issue 34: order numbers per shop. On 20401c2 an order's number was the platform's row id, so a shopper of
 * one shop saw how many orders the whole server took and could guess the numbers next to theirs. Now each
 * shop numbers its own orders 1, 2, 3...; parallel orders of one shop never share a number; the shop's
 * URLs, the customer's reads, payments, questions and the owner's REST all take the shop's number; orders
 * stored before are numbered per shop by the migration, in the order they were made.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { CUSTOMER_PHONE, closeAll, type Auth, type TestServer } from '../helpers';
import { Y_DOMAIN, newDevice, newKey, orderForm, rest, type FakeAcquirer, type Shop } from '../checkoutFixtures';
import { startTwoShops, startWithFakeAcquirer, type ShopY } from '../checkoutShop';
import { inParallel, scaled, scaleNote } from './scale';


let server: TestServer;
let shop: Shop;
let owner: Auth;
let customer: Auth;
let shopY: ShopY;
let fake: FakeAcquirer;

beforeAll(async () => {
  ({ server, owner, customer, shop, y: shopY, fake } = await startWithFakeAcquirer(startTwoShops));
});
afterAll(() => closeAll(server, fake));

/** An order of shop X by the signed-in customer whose phone is checked (no anonymous limit applies). */
const orderX = (device = newDevice()) =>
  server.api('orders', { ...orderForm({ [shop.offers.big]: 1 }, { client_phone: CUSTOMER_PHONE }), device_id: device }, { token: customer });
const orderY = (device = newDevice()) => server.api('orders', { ...orderForm({ [shopY.offer]: 1 }, { client_phone: CUSTOMER_PHONE }), device_id: device }, { token: shopY.customer, host: Y_DOMAIN });
const numberOf = (r: { status: number; body: any }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Number(r.body.orders[0]);
};

describe('order numbers per shop (issue 34)', () => {
  it('numbers each shop’s orders 1, 2, 3... whatever the other shops take', async () => {
    const x: number[] = [];
    const y: number[] = [];
    // Interleaved, with extra orders in X: Y's numbers do not move with X's volume.
    for (let i = 0; i < 3; i++) {
      x.push(numberOf(await orderX()), numberOf(await orderX()));
      y.push(numberOf(await orderY()));
    }
    console.log(`order numbers: shop X ${x.join(',')}; shop Y ${y.join(',')} [${server.label}]`);
    expect(x).toEqual([1, 2, 3, 4, 5, 6]);
    expect(y).toEqual([1, 2, 3]);
  });

  it('never gives one number twice among parallel orders of one shop, and a refused order leaves no gap', async () => {
    const n = scaled(200, 30);
    const first = Number((await server.db.selectFrom('order_numbers').select('last').where('store_id', '=', server.storeId).executeTakeFirstOrThrow()).last) + 1;
    // Refusals in between (too few to reach the minimum sum): rolled back, they take no number.
    const replies = await inParallel(n + 10, 30, (i) =>
      i % (Math.floor(n / 10) + 1) === 0 && i / (Math.floor(n / 10) + 1) < 10
        ? server.api('orders', { ...orderForm({ [shop.offers.cheap]: 1 }, { client_phone: CUSTOMER_PHONE }), device_id: newDevice() }, { token: customer })
        : orderX(),
    );
    const placed = replies.filter((r) => r.status === 200).map((r) => Number(r.body.orders[0]));
    const refused = replies.filter((r) => r.status === 400).length;
    const distinct = new Set(placed);
    console.log(`order numbers in parallel: ${placed.length} placed, ${distinct.size} distinct, ${refused} refused, numbers ${Math.min(...placed)}..${Math.max(...placed)} [${scaleNote()}, ${server.label}]`);
    expect(refused).toBe(10);
    expect(placed).toHaveLength(n);
    expect(distinct.size).toBe(n);
    expect([...distinct].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => first + i));
  });

  it('reads, pays, asks about and manages an order by its number in its own shop', async () => {
    const device = newDevice();
    const nx = numberOf(await server.api('orders', { ...orderForm({ [shop.offers.big]: 1 }, { client_payment: 'online' }), device_id: device }));
    const yDevice = newDevice();
    const ny = numberOf(await orderY(yDevice));
    // The customer's page /order/N: their order of this shop, by its number.
    const mine = await server.api('orders', { orderId: nx, device_id: device });
    expect(mine.status).toBe(200);
    expect(mine.body.orders[0].id).toBe(nx);
    expect(mine.body.orders[0].shopId).toBe(server.storeId);
    const listY = await server.api('orders', { device_id: yDevice }, { token: shopY.customer, host: Y_DOMAIN });
    expect(listY.body.orders.map((o: { id: number }) => o.id)).toContain(ny);
    // The owner's admin: the list shows numbers, one order and its status change go by the number.
    const listX = await rest(server, 'GET', '/orders', { token: owner, query: { sort: '["id","DESC"]', range: '[0,4]' } });
    expect(listX.body[0].id).toBe(nx);
    expect((await rest(server, 'GET', `/orders/${nx}`, { token: owner })).body.id).toBe(nx);
    const byQ = await rest(server, 'GET', '/orders', { token: owner, query: { filter: JSON.stringify({ q: String(nx) }) } });
    expect(byQ.body.map((o: { id: number }) => o.id)).toContain(nx);
    const yOne = await rest(server, 'GET', `/orders/${ny}`, { token: shopY.owner, host: Y_DOMAIN });
    expect(yOne.status).toBe(200);
    expect(yOne.body.id).toBe(ny);
    expect(yOne.body.shopId).toBe(shopY.storeId);
    const put = await rest(server, 'PUT', `/orders/${ny}`, { token: shopY.owner, host: Y_DOMAIN, json: { status: 'accepted' } });
    expect(put.status).toBe(200);
    expect(put.body.status).toBe('accepted');
    // The customer hears of it under the shop's number.
    const pushes = (await server.api('inner_push', { seq: 0, device_id: yDevice }, { token: shopY.customer, host: Y_DOMAIN })).body.inner_push as { header: string }[];
    expect(pushes.map((p) => p.header)).toContain(`Заказ №${ny}`);
    // A question about it, listed for the owner with the number.
    const q = await rest(server, 'POST', '/questions', { json: { orderId: nx, contact: '+79991112233', message: 'Когда?', device_id: device } });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    expect(q.body.orderId).toBe(nx);
    const qs = await rest(server, 'GET', '/questions', { token: owner, query: { filter: JSON.stringify({ orderId: nx }) } });
    expect(qs.body.map((r: { orderId: number }) => r.orderId)).toEqual([nx]);
    // Payment: the return URLs carry the shop's number; the acquirer gets one unique across shops.
    const pay = await server.api('sber', { orderId: nx, device_id: device });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    expect(pay.body.localOrder).toBe(nx);
    const reg = fake.registered.at(-1)!;
    expect(reg.returnUrl).toBe(`${server.url}/success_payment?orderId=${nx}`);
    expect(reg.orderNumber).toBe(`${server.storeId}-${nx}-1`);
  });

  it('numbers orders stored before per shop, in the order they were made, and goes on from there', async () => {
    const db = server.db;
    // The state before the migration: no number, no counter; the outbox names orders by their row id.
    await sql`drop index orders_number`.execute(db);
    await sql`drop table order_numbers`.execute(db);
    await sql`alter table orders drop column number`.execute(db);
    await sql`delete from schema_migrations where name = '2026112901_order_numbers'`.execute(db);
    const before = await sql<{ id: number; store_id: number }>`select id, store_id from orders order by id`.execute(db);
    // Two old orders whose creation times run against their ids (numbered by time, then id).
    const old = async (storeId: number, createdAt: string) =>
      (
        await sql<{ id: number }>`insert into orders (store_id, idempotency_key, date, created_at, updated_at) values (${storeId}, ${newKey()}, '2020-01-01', ${createdAt}, ${createdAt}) returning id`.execute(db)
      ).rows[0]!.id;
    const late = await old(shopY.storeId, '2020-01-02T00:00:00.000Z');
    const early = await old(shopY.storeId, '2020-01-01T00:00:00.000Z');
    await sql`insert into outbox (store_id, event, channel, recipient, subject, body, next_at, order_id, created_at) values (${shopY.storeId}, 'new_order', 'email', 'o@y.example', 's', 'b', '2020-01-01', ${late}, '2020-01-01')`.execute(db);

    await migrate(db, server.dialect);

    const rows = await sql<{ id: number; store_id: number; number: number; created_at: string }>`select id, store_id, number, created_at from orders order by store_id, created_at, id`.execute(db);
    for (const storeId of [server.storeId, shopY.storeId]) {
      const mine = rows.rows.filter((r) => r.store_id === storeId).map((r) => Number(r.number));
      expect(mine).toEqual(mine.map((_, i) => i + 1));
    }
    const num = (id: number) => Number(rows.rows.find((r) => r.id === id)!.number);
    expect(num(early)).toBe(1);
    expect(num(late)).toBe(2);
    expect(Number((await sql<{ order_id: number }>`select order_id from outbox where recipient = 'o@y.example'`.execute(db)).rows[0]!.order_id)).toBe(2);
    const countX = rows.rows.filter((r) => r.store_id === server.storeId).length;
    const countY = rows.rows.filter((r) => r.store_id === shopY.storeId).length;
    console.log(`order numbers migration: ${before.rows.length + 2} orders of 2 shops numbered 1..${countX} and 1..${countY} [${server.label}]`);
    // The next orders go on from each shop's highest.
    expect(numberOf(await orderX())).toBe(countX + 1);
    expect(numberOf(await orderY())).toBe(countY + 1);
  });
});
