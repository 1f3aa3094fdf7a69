import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { createJob } from './jobs';
import { idleWriters, setWriterEntryForTests } from '../write/writerThread';
import { CATALOGUE_TABLES, OWNER_PHONE, pngImage, snapshot, startTestServer, type TestServer } from '../../../test/helpers';

/** A small feed: two categories, `n` offers, one remote picture each (on `pictureBase` when given). */
export function feed(n: number, opts: { pictureBase?: string; price?: number } = {}): string {
  const offers = Array.from(
    { length: n },
    (_, i) => `<offer id="f${i + 1}" available="true"><name>Товар ${i + 1}</name><price>${(opts.price ?? 100) + i}</price><currencyId>RUR</currencyId><categoryId>${i % 2 ? 11 : 1}</categoryId>${
      opts.pictureBase ? `<picture>${opts.pictureBase}/p${i + 1}.png</picture>` : ''
    }<param name="Цвет">${i % 3 ? 'красный' : 'синий'}</param></offer>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-24 12:00"><shop><name>Фид</name><company>Фид</company><url>https://feed.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories><category id="1">Одежда</category><category id="11" parentId="1">Платья</category></categories>
<offers>
${offers}
<offer id="orphan"><name>Без категории</name><price>1</price><categoryId>999</categoryId></offer>
</offers></shop></yml_catalog>`;
}

type Rest = { status: number; body: any; headers: Headers };
async function rest(s: TestServer, method: string, path: string, opts: { token?: string; json?: unknown; file?: { name: string; data: string | Buffer }; host?: string } = {}): Promise<Rest> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.file) {
    const form = new FormData();
    form.append('file', new Blob([typeof opts.file.data === 'string' ? opts.file.data : new Uint8Array(opts.file.data)], { type: 'text/xml' }), opts.file.name);
    body = form;
  }
  const res = await fetch(`${s.url}/rest${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** Polls a job until its status is one of `statuses` (no time assertion: the test's own timeout bounds it). */
async function waitFor(s: TestServer, token: string, id: number, pred: (job: any) => boolean) {
  for (;;) {
    const r = await rest(s, 'GET', `/yml_imports/${id}`, { token });
    if (pred(r.body)) return r.body;
    await new Promise((res) => setTimeout(res, 50));
  }
}
const ended = (j: any) => ['done', 'failed', 'cancelled'].includes(j.status);

/** A feed server on 127.0.0.1: /feed.xml sends a whole feed; /slow.xml sends its start and stalls; /p<n>.png pictures. */
function feedServer() {
  let body = '';
  const server = http.createServer((req, res) => {
    if (req.url === '/slow.xml') {
      res.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(Buffer.byteLength(body)) });
      res.write(body.slice(0, body.indexOf('<offer id="f3"')));
      req.on('close', () => res.destroy());
      return;
    }
    if (req.url?.startsWith('/p')) {
      void pngImage(1200, 900).then((png) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/xml' }).end(body);
  });
  return {
    /** What /feed.xml sends from now on. */
    serve(xml: string) {
      body = xml;
    },
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      body = feed(40, { pictureBase: base });
      return base;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function setLink(s: TestServer, link: string) {
  const row = await s.db.selectFrom('stores').select('data').where('id', '=', s.storeId).executeTakeFirstOrThrow();
  await s.db.updateTable('stores').set({ data: JSON.stringify({ ...JSON.parse(row.data), yml_link: link }) }).where('id', '=', s.storeId).execute();
  s.services.stores.forget();
}

describe('YML import jobs over /rest/yml_imports', () => {
  let s: TestServer;
  let owner: string;
  let feeds: ReturnType<typeof feedServer>;
  let base: string;

  beforeAll(async () => {
    feeds = feedServer();
    base = await feeds.start();
    s = await startTestServer({ config: { allowPrivateFeeds: true, jobPollMs: 60_000 } });
    owner = (await s.signIn(OWNER_PHONE)).token;
  });
  afterAll(async () => {
    await s?.close();
    await feeds?.close();
  });
  afterEach(async () => {
    // A job a test left behind ends before the next test (none of them stalls: the slow feed is always cancelled).
    await s.services.jobs!.idle();
    await s.database.db.updateTable('yml_jobs').set({ status: 'failed' }).where('status', 'in', ['queued', 'running']).execute();
  });

  it('refuses anonymous callers (401) and customers (403)', async () => {
    expect((await rest(s, 'GET', '/yml_imports')).status).toBe(401);
    expect((await rest(s, 'POST', '/yml_imports', { json: { source: 'link' } })).status).toBe(401);
    const customer = (await s.signIn('+79995550001')).token;
    expect((await rest(s, 'GET', '/yml_imports', { token: customer })).status).toBe(403);
    expect((await rest(s, 'POST', '/yml_imports', { token: customer, file: { name: 'a.xml', data: feed(2) } })).status).toBe(403);
    expect(await s.db.selectFrom('yml_jobs').selectAll().execute()).toEqual([]);
  });

  it('imports an uploaded file in the background and stores its report and progress', async () => {
    const started = await rest(s, 'POST', '/yml_imports', { token: owner, file: { name: 'shop.xml', data: feed(5) } });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ source: 'file', fileName: 'shop.xml', totalBytes: Buffer.byteLength(feed(5)) });
    const job = await waitFor(s, owner, started.body.id, ended);
    expect(job).toMatchObject({ status: 'done', offersRead: 5, bytesRead: Buffer.byteLength(feed(5)), error: null });
    expect(job.report).toMatchObject({ created: 5, updated: 0, skipped: [{ reason: 'category_missing', count: 1 }] });
    const offers = await s.api('offers', { 'p[287_categoryId]': '1' });
    expect(offers.body.offers.map((o: { id: string }) => o.id)).toContain('f1');
    const list = await rest(s, 'GET', '/yml_imports?range=[0,9]', { token: owner });
    expect(list.headers.get('content-range')).toMatch(/^yml_imports 0-\d+\/\d+$/);
    expect(list.body[0].id).toBe(started.body.id);
  });

  it('another shop\'s owner neither sees nor cancels this shop\'s jobs', async () => {
    const job = (await s.db.selectFrom('yml_jobs').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await s.addStore({ name: 'Другой', domain: 'other.test', ownerPhone: '+79995550002' });
    const other = (await s.signIn('+79995550002', { host: 'other.test' })).token;
    // fetch cannot set the Host header (it picks the store): node:http can.
    const viaHost = (method: string, path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: s.port, method, path, headers: { host: 'other.test', authorization: `Bearer ${other}` } }, (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await viaHost('GET', `/rest/yml_imports/${job}`)).toBe(404);
    expect(await viaHost('POST', `/rest/yml_imports/${job}/cancel`)).toBe(404);
    // And this shop's token is no good on the other shop.
    expect((await rest(s, 'GET', `/yml_imports/${job}`, { token: other })).status).toBe(401);
  });

  it('runs one import per store at a time (409) and cancel leaves the catalogue as it was', async () => {
    await setLink(s, `${base}/slow.xml`);
    const before = await snapshot(s.db, CATALOGUE_TABLES.filter((t) => t !== 'stores'));
    const started = await rest(s, 'POST', '/yml_imports', { token: owner, json: { source: 'link' } });
    expect(started.status).toBe(201);
    const running = await waitFor(s, owner, started.body.id, (j) => j.status === 'running' && j.bytesRead > 0);
    expect(running.totalBytes).toBeGreaterThan(running.bytesRead);
    const second = await rest(s, 'POST', '/yml_imports', { token: owner, file: { name: 'x.xml', data: feed(1) } });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('import_running');
    const cancel = await rest(s, 'POST', `/yml_imports/${started.body.id}/cancel`, { token: owner, json: {} });
    expect(cancel.status).toBe(200);
    const job = await waitFor(s, owner, started.body.id, ended);
    expect(job.status).toBe('cancelled');
    expect(await snapshot(s.db, CATALOGUE_TABLES.filter((t) => t !== 'stores'))).toBe(before);
    expect((await rest(s, 'POST', `/yml_imports/${started.body.id}/cancel`, { token: owner, json: {} })).status).toBe(409);
  });

  it('imports from the link and makes list thumbnails of the remote pictures', async () => {
    await setLink(s, `${base}/feed.xml`);
    const started = await rest(s, 'POST', '/yml_imports', { token: owner, json: { source: 'link' } });
    expect(started.status).toBe(201);
    const job = await waitFor(s, owner, started.body.id, ended);
    expect(job).toMatchObject({ status: 'done', source: 'link', url: `${base}/feed.xml` });
    expect(job.report.created + job.report.updated).toBe(40);
    // Until the thumbnail exists the card shows the remote picture.
    const offer = await s.db.selectFrom('offers').select(['thumb', 'picture']).where('store_id', '=', s.storeId).where('id', '=', 'f7').executeTakeFirstOrThrow();
    expect([offer.picture, `${base}/p7.png`]).toContain(offer.thumb);
    // A round of the runner may end before this picture's turn (one batch a round; a round stops while an
    // import runs here): a few rounds at most, as the runner's own ticks would.
    const f7 = () => s.db.selectFrom('offers').select(['thumb', 'picture']).where('store_id', '=', s.storeId).where('id', '=', 'f7').executeTakeFirstOrThrow();
    for (let round = 0; round < 5 && (await f7()).thumb === `${base}/p7.png`; round++) await s.services.jobs!.tick();
    const after = await f7();
    expect(after.picture).toBe(`${base}/p7.png`);
    expect(after.thumb).toMatch(/^\d+\/feed\/[0-9a-f]{24}_t\.webp$/);
    const img = await s.get(`/images/${after.thumb}`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const sharp = (await import('sharp')).default;
    const meta = await sharp(img.body as Buffer).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(400);
    const cards = await s.api('offers', { 'p[287_categoryId]': '11' });
    expect(cards.body.offers.find((o: { id: string }) => o.id === 'f2').thumb).toMatch(/_t\.webp$/);
  });

  it('saves the refresh schedule in the store settings and starts a due refresh', async () => {
    expect((await rest(s, 'PUT', '/yml_schedule', { token: owner, json: { schedule: 'weekly' } })).status).toBe(400);
    const put = await rest(s, 'PUT', '/yml_schedule', { token: owner, json: { schedule: 'every_6h' } });
    expect(put.body).toMatchObject({ schedule: 'every_6h' });
    const stores = await s.api('stores', {}, { token: owner });
    expect(JSON.stringify(stores.body)).toContain('every_6h');
    // The last link import is more than 6 hours old: the next round queues and runs a refresh.
    await s.db.updateTable('yml_jobs').set({ created_at: new Date(Date.now() - 7 * 3_600_000).toISOString() }).execute();
    const count = async () => (await s.db.selectFrom('yml_jobs').select('id').where('source', '=', 'schedule').execute()).length;
    expect(await count()).toBe(0);
    await s.services.jobs!.tick();
    await s.services.jobs!.idle();
    expect(await count()).toBe(1);
    // A fresh one is not due again.
    await s.services.jobs!.tick();
    expect(await count()).toBe(1);
    await rest(s, 'PUT', '/yml_schedule', { token: owner, json: { schedule: 'off' } });
  });

  it('a scheduled refresh whose feed lacks more than half of the shop changes nothing, fails with feed_would_hide and tells the owner; a smaller gap is hidden', async () => {
    await setLink(s, `${base}/feed.xml`);
    const byLink = await rest(s, 'POST', '/yml_imports', { token: owner, json: { source: 'link', mode: 'replace' } });
    expect((await waitFor(s, owner, byLink.body.id, ended)).status).toBe('done');
    const live = async () => (await s.db.selectFrom('offers').select('id').where('store_id', '=', s.storeId).where('active', '=', 1).where('deleted', '=', 0).execute()).length;
    expect(await live()).toBe(40);
    await rest(s, 'PUT', '/yml_schedule', { token: owner, json: { schedule: 'every_6h' } });
    const refresh = async () => {
      await s.db.updateTable('yml_jobs').set({ created_at: new Date(Date.now() - 7 * 3_600_000).toISOString() }).execute();
      await s.services.jobs!.tick();
      await s.services.jobs!.idle();
      const job = await s.db.selectFrom('yml_jobs').select('id').where('source', '=', 'schedule').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      return (await rest(s, 'GET', `/yml_imports/${job.id}`, { token: owner })).body;
    };
    const alerts = async () => (await s.db.selectFrom('outbox').select('body').where('store_id', '=', s.storeId).where('event', '=', 'import_failed').execute()).map((r) => r.body);
    const before = await snapshot(s.db, CATALOGUE_TABLES);
    const alerted = (await alerts()).length;

    // The supplier's export came back cut short: 10 of the 40 products.
    feeds.serve(feed(10, { price: 500 }));
    const cut = await refresh();
    expect(cut).toMatchObject({ status: 'failed', mode: 'replace', error: { code: 'feed_would_hide', params: { lacking: 30, total: 40 } } });
    expect(cut.error.message).toBe('В фиде нет 30 из 40 товаров магазина: обновление по расписанию скрывает не больше половины, поэтому каталог не изменился. Проверьте фид или импортируйте его вручную');
    expect(await snapshot(s.db, CATALOGUE_TABLES)).toBe(before);
    const told = (await alerts()).slice(alerted);
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]).toContain('В фиде нет 30 из 40 товаров');
    // The next refresh fails the same way: the owner was told already, not again.
    expect(await refresh()).toMatchObject({ status: 'failed', error: { code: 'feed_would_hide' } });
    expect((await alerts()).length).toBe(alerted + told.length);

    // 30 of 40: the 10 it lacks are hidden as a replace does.
    feeds.serve(feed(30, { price: 500 }));
    expect(await refresh()).toMatchObject({ status: 'done', report: { hidden: 10, updated: 30 } });
    expect(await live()).toBe(30);
    await rest(s, 'PUT', '/yml_schedule', { token: owner, json: { schedule: 'off' } });
    feeds.serve(feed(40, { pictureBase: base }));
  });

  it('a restart marks the job that was running failed and frees the store for a new import', async () => {
    const id = (
      await s.db
        .insertInto('yml_jobs')
        .values({ store_id: s.storeId, source: 'link', status: 'running', url: `${base}/feed.xml`, worker: `${os.hostname()}:${process.pid}:previousboot`, created_at: new Date().toISOString(), started_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await rest(s, 'POST', '/yml_imports', { token: owner, json: { source: 'link' } })).status).toBe(409);
    // A new server process on the same database (the old one's boot id is gone).
    const { app } = await buildApp({ config: { ...s.config, port: 0 }, database: s.database, serveApps: false });
    await app.services.jobs!.tick();
    await app.close();
    const job = (await rest(s, 'GET', `/yml_imports/${id}`, { token: owner })).body;
    expect(job).toMatchObject({ status: 'failed', error: { code: 'interrupted' } });
    expect((await rest(s, 'POST', '/yml_imports', { token: owner, json: { source: 'link' } })).status).toBe(201);
  });

  it('with several server processes exactly one claims and runs a queued job', async () => {
    const id = await createJob(s.db, s.storeId, { source: 'link', url: `${base}/slow.xml` });
    // Two more processes on the same database, each with its own runner, look at the same moment.
    const a = await buildApp({ config: { ...s.config, port: 0 }, database: s.database, serveApps: false });
    const b = await buildApp({ config: { ...s.config, port: 0 }, database: s.database, serveApps: false });
    const runners = [a.services.jobs!, b.services.jobs!];
    await Promise.all(runners.map((r) => r.tick()));
    // The feed stalls after its start: the job stays running in whichever process claimed it.
    while (!runners.some((r) => (r.progressOf(id)?.bytesRead ?? 0) > 0)) await new Promise((r) => setTimeout(r, 20));
    const running = runners.filter((r) => r.progressOf(id) !== null);
    expect(running).toHaveLength(1);
    const job = await s.db.selectFrom('yml_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'running', worker: running[0].workerId });
    expect(running[0].abortLocal(id)).toBe(true);
    await Promise.all(runners.map((r) => r.idle()));
    expect((await s.db.selectFrom('yml_jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('cancelled');
    await a.app.close();
    await b.app.close();
  });

  it('the import page starts a writer thread before the owner sends a feed, and their import runs in it', async () => {
    setWriterEntryForTests(null); // no writer left idle by an earlier test
    expect(idleWriters()).toBe(0);
    expect((await rest(s, 'GET', '/yml_imports', { token: owner })).status).toBe(200);
    await expect.poll(idleWriters, { timeout: 60_000 }).toBe(1);
    const job = await rest(s, 'POST', '/yml_imports?mode=merge', { token: owner, file: { name: 'warm.xml', data: feed(3) } });
    expect(job.status).toBe(201);
    expect(await waitFor(s, owner, job.body.id, ended)).toMatchObject({ status: 'done' });
    // The warmed writer did the import and waits for the next: no second one was started.
    expect(idleWriters()).toBe(1);
  });
});
