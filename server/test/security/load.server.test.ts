/**
 * Security suite, item 11 of issue 14: load. autocannon with 200 connections on the catalogue (api=offers)
 * then 50 on order placement (a new idempotency key per request): 0 errors, 0 non-2xx,
 * and every order answered 200 is stored (0 lost). The 60 s run with SECURITY_SCALE=1 (or
 * SECURITY_LOAD_SECONDS); `npm test` runs 60 x scale seconds (3 s by default). Throughput is printed, not asserted.
 */
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_PHONE, startTestServer, type TestServer } from '../helpers';
import { orderForm, setupShop, type Shop } from '../checkoutFixtures';
import { SCALE, scaleNote } from './scale';

let server: TestServer;
let shop: Shop;
const SECONDS = Number(process.env.SECURITY_LOAD_SECONDS ?? '') || Math.max(2, Math.round(60 * SCALE));

beforeAll(async () => {
  server = await startTestServer();
  const owner = await server.signIn(OWNER_PHONE);
  shop = await setupShop(server, owner);
});
afterAll(() => server?.close());

const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });

describe('load (issue 14, item 11)', () => {
  it('serves 200 connections on the catalogue and 50 placing orders with 0 errors and 0 lost orders', async () => {
    const base = { url: server.url, duration: SECONDS, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    let sentOrders = 0;
    let firstError = '';
    const answeredIds = new Set<number>();
    const orderBody = () => {
      sentOrders++;
      const form = orderForm({ [shop.offers.mid]: 2 }, { idempotency_key: crypto.randomUUID() });
      return new URLSearchParams(Object.entries(form).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)])).toString();
    };
    const before = Number((await server.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    // One after the other: on the test machine's two shared cores 200 catalogue connections at once
    // would starve the order run of any answer within a short run.
    const catalogue = await run({
        ...base,
        connections: 200,
        requests: [
          {
            method: 'POST',
            path: '/api?api=offers',
            body: `p[287_categoryId]=${shop.categoryId}`,
            onResponse: (status, body) => {
              if (status !== 200 && !firstError) firstError = `${status} ${body.slice(0, 200)}`;
            },
          },
        ],
      });
    const orders = await run({
        ...base,
        connections: 50,
        requests: [
          {
            method: 'POST',
            path: '/api?api=orders',
            setupRequest: (req) => ({ ...req, body: orderBody() }),
            onResponse: (status, body) => {
              if (status !== 200 && !firstError) firstError = `${status} ${body.slice(0, 200)}`;
              if (status === 200) for (const id of (JSON.parse(body) as { orders: number[] }).orders) answeredIds.add(Number(id));
            },
          },
        ],
      });
    // Orders still in flight when the run stopped may be stored without their answer being counted: lost
    // means answered 200 and not in the database.
    // Let the orders still in flight when autocannon stopped finish (the count stands still for 0.5 s).
    const count = async () => Number((await server.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    for (let last = -1, now = await count(), i = 0; now !== last && i < 40; i++) {
      last = now;
      await new Promise((r) => setTimeout(r, 500));
      now = await count();
    }
    const stored = Number((await server.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) - before;
    const ids = [...answeredIds];
    const present = new Set<number>();
    for (let i = 0; i < ids.length; i += 500) {
      for (const r of await server.db.selectFrom('orders').select('number').where('number', 'in', ids.slice(i, i + 500)).execute()) present.add(r.number);
    }
    const lost = ids.filter((id) => !present.has(id)).length;
    if (firstError) console.log(`first error: ${firstError}`);
    const fmt = (r: autocannon.Result) => `${r.requests.total} requests, ${Math.round(r.requests.average)}/s, p99 ${r.latency.p99} ms, ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`;
    console.log(`load ${SECONDS} s: catalogue x200 connections: ${fmt(catalogue)}; orders x50: ${fmt(orders)}, ${sentOrders} sent, ${answeredIds.size} answered, ${stored} stored, ${lost} lost [${scaleNote()}, ${server.label}]`);
    expect(catalogue.errors + catalogue.timeouts + catalogue.non2xx).toBe(0);
    expect(orders.errors + orders.timeouts + orders.non2xx).toBe(0);
    expect(catalogue.requests.total).toBeGreaterThan(0);
    expect(answeredIds.size).toBeGreaterThan(0);
    expect(lost).toBe(0);
    expect(stored).toBeGreaterThanOrEqual(answeredIds.size);
    expect(sentOrders).toBeGreaterThanOrEqual(answeredIds.size);
  }, 180_000);
});
