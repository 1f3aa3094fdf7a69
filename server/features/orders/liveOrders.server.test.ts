/**
 * The owner's live counter of new orders (GET /rest/orders/live, server-sent events): what it sends, to whom,
 * across two server processes on one database, how it ends, and the plan of its one query per shop.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewOrdersEvent } from '../../../schemas';
import { buildApp } from '../../app';
import { CUSTOMER_PHONE, OWNER_PHONE, secondConnection, startTestServer, type Auth, type TestServer } from '../../test/helpers';
import { orderForm, rest, setupShop, type Shop } from '../../test/checkoutFixtures';
import { openEventStream, type StreamEvent } from '../../test/eventStream';
import { explain, showPlan } from '../../test/plans';
import { LiveOrders, newOrdersQuery } from './liveOrders';

let server: TestServer;
let owner: Auth;
let customer: Auth;
let shop: Shop;

beforeAll(async () => {
  server = await startTestServer({ config: { liveOrdersMs: 50, liveHeartbeatMs: 100 } });
  owner = await server.signIn(OWNER_PHONE);
  customer = await server.signIn(CUSTOMER_PHONE);
  shop = await setupShop(server, owner);
});
afterAll(() => server?.close());

const figures = (e: StreamEvent) => JSON.parse(e.data) as NewOrdersEvent;
const is = (want: NewOrdersEvent) => (e: StreamEvent) => e.event === 'orders' && JSON.stringify(figures(e)) === JSON.stringify(want);
const place = async (s: TestServer = server) => {
  const r = await s.api('orders', orderForm({ [shop.offers.big]: 1 }), { token: customer });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Number(r.body.orders[0]);
};

describe('GET /rest/orders/live', () => {
  it('sends the owner the count of new orders and the latest number at once, then on every change', async () => {
    const first = await place();
    const stream = await openEventStream(server.port, '/rest/orders/live', { token: owner.token });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['cache-control']).toMatch(/no-cache/);
      await stream.next(is({ count: 1, last: first }));
      // A shopper orders: the count and the number move.
      const second = await place();
      await stream.next(is({ count: 2, last: second }));
      // The owner takes the first: one new order is left, the latest stays.
      expect((await rest(server, 'PUT', `/orders/${first}`, { token: owner, json: { status: 'accepted' } })).status).toBe(200);
      await stream.next(is({ count: 1, last: second }));
      // Nothing changed, nothing sent: each figure came once, in order.
      expect(stream.events.map((e) => figures(e))).toEqual([
        { count: 1, last: first },
        { count: 2, last: second },
        { count: 1, last: second },
      ]);
    } finally {
      stream.close();
    }
  });

  it('refuses customers, anonymous callers and another shop’s owner', async () => {
    expect((await openEventStream(server.port, '/rest/orders/live')).status).toBe(401);
    const asCustomer = await openEventStream(server.port, '/rest/orders/live', { token: customer.token });
    expect(asCustomer.status).toBe(403);
    await asCustomer.ended;
    expect(asCustomer.events).toEqual([]);
    await server.addStore({ name: 'Магазин Y', domain: 'live-y.example', ownerPhone: '+79995550071' });
    const ownerY = await server.signIn('+79995550071', { host: 'live-y.example' });
    expect((await openEventStream(server.port, '/rest/orders/live', { token: ownerY.token })).status).toBe(401);
    // At Y's own address Y's owner sees Y's figures, not X's.
    const atY = await openEventStream(server.port, '/rest/orders/live', { token: ownerY.token, host: 'live-y.example' });
    try {
      expect(atY.status).toBe(200);
      await atY.next(is({ count: 0, last: null }));
    } finally {
      atY.close();
    }
  });

  it('tells a stream on a second process of an order placed through the first (WORKERS=2: no in-process events)', async () => {
    const database = secondConnection(server);
    const { app } = await buildApp({ config: server.config, database, serveApps: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const stream = await openEventStream(port, '/rest/orders/live', { token: owner.token, host: `127.0.0.1:${server.port}` });
    try {
      expect(stream.status).toBe(200);
      const before = figures(await stream.next((e) => e.event === 'orders'));
      const number = await place(server);
      await stream.next(is({ count: before.count + 1, last: number }));
    } finally {
      stream.close();
      await app.close();
      await database.close();
    }
  });

  it('reads once per shop per round, however many streams a shop has open', async () => {
    const yId = (await server.db.selectFrom('stores').select('id').where('domain', '=', 'live-y.example').executeTakeFirstOrThrow()).id;
    const live = new LiveOrders(server.db, 60_000, (msg, err) => {
      throw new Error(`${msg}: ${String(err)}`);
    });
    try {
      const got: NewOrdersEvent[] = [];
      const stops = [1, 2, 3].map(() => live.subscribe(server.storeId, (e) => got.push(e)));
      stops.push(live.subscribe(yId, () => {}));
      await expect.poll(() => got.length).toBe(3);
      const before = live.reads;
      await live.readAll();
      expect(live.reads - before).toBe(2);
      expect(live.streams).toBe(4);
      for (const stop of stops) stop();
      expect(live.streams).toBe(0);
    } finally {
      live.stop();
    }
  });

  it('counts through the orders_status and orders_number indexes, without reading the shop’s orders', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      store_id: server.storeId,
      number: 100_000 + i,
      user_id: null,
      device_id: null,
      idempotency_key: `plan-${i}`,
      status: i % 100 === 0 ? 'new' : 'done',
      payment: 'CASH',
      payment_status: 'none',
      receiving: 'delivery',
      place_id: null,
      total: 100,
      delivery_cost: 0,
      date: '2026-11-01',
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
      data: '{}',
      lang: null,
    }));
    for (let i = 0; i < rows.length; i += 500) await server.db.insertInto('orders').values(rows.slice(i, i + 500)).execute();
    const check = async (state: string) => {
      const plan = await explain(server.database, newOrdersQuery(server.db, server.storeId).compile());
      const where = `${state} [${server.label}]\n${showPlan(plan)}`;
      const orders = plan.accesses.filter((a) => a.table === 'orders');
      expect(orders.length, where).toBe(2);
      expect(orders.some((a) => a.scan), where).toBe(false);
      expect(orders.find((a) => a.index === 'orders_status')?.bound, where).toEqual(['store_id', 'status']);
      expect(orders.find((a) => a.index === 'orders_number')?.bound, where).toEqual(['store_id']);
      expect(plan.sorts, where).toBe(false);
    };
    await check('without statistics');
    await sql`analyze orders`.execute(server.db);
    await check('with statistics');
  });

  it('keeps the stream alive with heartbeats and ends it when the owner signs out', async () => {
    // The last test: it signs the owner out.
    const stream = await openEventStream(server.port, '/rest/orders/live', { token: owner.token });
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'orders');
    await expect.poll(() => stream.comments, { timeout: 5000 }).toBeGreaterThan(0);
    expect((await server.api('logout', {}, { token: owner })).status).toBe(200);
    await stream.ended;
  });
});
