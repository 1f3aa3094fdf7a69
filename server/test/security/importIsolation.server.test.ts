/**
 * Issue 34: one shop's import from its link must not hold the other shops. On 20401c2, on SQLite, while shop 2
 * imported a 35 MB feed shop 1's import was refused (409) and an order on shop 1 took 28.1 s: the import took the
 * server's one write lock before its first byte and read the link inside it, so a slow or stalling supplier held
 * every shop's writes for the whole download. Now (SQLite) the link's feed is downloaded before the lock is
 * taken (write/spoolFeed.ts) and another shop's import waits in the queue instead of being refused.
 *
 * Shop Y's link here sends part of its feed and stalls until the test lets it go on (or 20 s pass). Shop X's
 * orders meanwhile must be answered while the stall lasts; after it, Y's import writes and X's queued import
 * follows. The orders placed during Y's write phase are timed too: on SQLite they still wait for its commit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PHONE, OWNER_PHONE, startTestServer, type Auth, type TestServer } from '../helpers';
import { Y_DOMAIN, addShopY, newDevice, orderForm, rest, setupShop, type Shop } from '../checkoutFixtures';
import { scaled, scaleNote } from './scale';

/** A feed of `n` offers in two categories. */
const feed = (n: number, price = 100) => `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-12-01 12:00"><shop><name>Фид</name><company>Фид</company><url>https://feed.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories><category id="1">Одежда</category><category id="11" parentId="1">Платья</category></categories>
<offers>
${Array.from({ length: n }, (_, i) => `<offer id="f${i + 1}" available="true"><name>Товар ${i + 1}</name><price>${price + i}</price><currencyId>RUR</currencyId><categoryId>${i % 2 ? 11 : 1}</categoryId><param name="Цвет">${i % 3 ? 'красный' : 'синий'}</param></offer>`).join('\n')}
</offers></shop></yml_catalog>`;

let server: TestServer;
let shop: Shop;
let customer: Auth;
let owner: Auth;
let storeY: number;
let ownerY: Auth;
let feedServer: http.Server;
let base: string;
/** Lets the stalled feed go on; set when it did. */
let release: () => void = () => undefined;
let released = false;
const OFFERS = scaled(100_000, 3_000);

beforeAll(async () => {
  const body = feed(OFFERS);
  const cut = body.indexOf(`<offer id="f${Math.floor(OFFERS / 2)}"`);
  feedServer = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(Buffer.byteLength(body)) });
    res.write(body.slice(0, cut));
    const rest = () => {
      if (!res.destroyed && !res.writableEnded) res.end(body.slice(cut));
    };
    const timer = setTimeout(() => release(), 20_000);
    release = () => {
      released = true;
      clearTimeout(timer);
      rest();
    };
  });
  await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  server = await startTestServer({ config: { allowPrivateFeeds: true, jobPollMs: 60_000 } });
  owner = await server.signIn(OWNER_PHONE);
  customer = await server.signIn(CUSTOMER_PHONE);
  shop = await setupShop(server, owner);
  ({ storeId: storeY, owner: ownerY } = await addShopY(server, CUSTOMER_PHONE));
  const row = await server.db.selectFrom('stores').select('data').where('id', '=', storeY).executeTakeFirstOrThrow();
  await server.db.updateTable('stores').set({ data: JSON.stringify({ ...JSON.parse(row.data), yml_link: `${base}/feed.xml` }) }).where('id', '=', storeY).execute();
  server.services.stores.forget();
}, 120_000);
afterAll(async () => {
  release();
  await server?.services.jobs?.idle();
  await server?.close();
  feedServer?.closeAllConnections();
  await new Promise((r) => feedServer?.close(r));
});

const orderX = async () => {
  const started = performance.now();
  const r = await server.api('orders', { ...orderForm({ [shop.offers.big]: 1 }, { client_phone: CUSTOMER_PHONE }), device_id: newDevice() }, { token: customer });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return performance.now() - started;
};
const jobY = async (id: number) => (await rest(server, 'GET', `/yml_imports/${id}`, { token: ownerY, host: Y_DOMAIN })).body;
const jobX = async (id: number) => (await rest(server, 'GET', `/yml_imports/${id}`, { token: owner })).body;
const until = async <T>(get: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
};
const figures = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(0);
  return `${s.length} orders, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${s[s.length - 1].toFixed(0)} ms`;
};

describe("one shop's import does not hold the others (issue 34)", () => {
  it("while shop Y's import downloads a stalling feed, shop X's orders are answered and X's own import is queued, not refused", async () => {
    const started = await rest(server, 'POST', '/yml_imports', { token: ownerY, host: Y_DOMAIN, json: { source: 'link' } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const running = await until(() => jobY(started.body.id), (j) => j.status === 'running' && j.bytesRead > 0);
    if (server.dialect === 'sqlite') expect(running.downloading).toBe(true);

    // Shop X's customers order while Y's supplier stalls: each answered before the stall ends.
    const duringDownload: number[] = [];
    for (let i = 0; i < 20; i++) {
      duringDownload.push(await orderX());
      expect(released, 'an order of shop X waited for shop Y’s download').toBe(false);
    }
    // Shop X's owner uploads a feed of their own: queued behind Y's on SQLite (one writer), not refused. It adds
    // (merge): on PostgreSQL it runs at once, and a replace would hide the product the orders below buy.
    const form = new FormData();
    form.append('file', new Blob([feed(5, 300)], { type: 'text/xml' }), 'x.xml');
    const upload = await fetch(`${server.url}/rest/yml_imports?mode=merge`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
    const own = (await upload.json()) as { id: number; status: string };
    expect(upload.status, JSON.stringify(own)).toBe(201);
    expect(released).toBe(false);

    // The rest of Y's feed comes; orders placed while Y writes are timed until its job ends.
    release();
    const duringWrite: number[] = [];
    let y = await jobY(started.body.id);
    while (['queued', 'running'].includes(y.status)) {
      duringWrite.push(await orderX());
      y = await jobY(started.body.id);
    }
    expect(y.status, JSON.stringify(y.error)).toBe('done');
    expect(y.report.created).toBe(OFFERS);
    const x = await until(() => jobX(own.id), (j) => !['queued', 'running'].includes(j.status));
    expect(x.status, JSON.stringify(x.error)).toBe('done');
    expect(x.report.created).toBe(5);
    const yOffers = await server.db.selectFrom('offers').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', storeY).where('active', '=', 1).executeTakeFirstOrThrow();
    expect(Number(yOffers.n)).toBe(OFFERS);
    console.log(
      `shop X while shop Y imports ${OFFERS} offers from a link: during Y's download ${figures(duringDownload)}; during Y's write ${duringWrite.length ? figures(duringWrite) : 'no order placed'}; X's own import ${own.status}, then ${x.status} [${scaleNote()}, ${server.label}]`,
    );
  }, 180_000);
});
