/**
 * Security suite, item 10 of issue 14: SSRF and XML. With ALLOW_PRIVATE_FEEDS unset, a fake internal
 * server on 127.0.0.1 counts every request that reaches it while feed pictures (the thumbnail runner, the
 * one place the server fetches a picture URL) and feed links point at it in every spelling of loopback
 * (decimal, hex, octal, short, IPv6, IPv4-mapped) and through redirects from a host taken as public; the
 * other private, link-local, CGNAT and metadata addresses are checked without sending anything (no test
 * sends traffic off 127.0.0.1). Hostile XML (XXE to a file and to the internal server, parameter entities,
 * an external DTD, XInclude, billion laughs) goes through the importer: 0 file contents or internal
 * answers stored, the importer's memory bounded. A control run with private feeds allowed reaches the
 * internal server, so the counter can fail.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFeedUrl, fetchFeed } from '../../lib/feedUrl';
import { importFeed } from '../../features/yml/jobs/importFeed';
import { queueFeedPictures, runThumbnails } from '../../features/yml/pictures/thumbnails';
import { CATALOGUE_TABLES, snapshot, startTestServer, type TestServer } from '../helpers';

const SECRET = 'INTERNAL-ONLY-7f3a9c';
let server: TestServer;
let internal: http.Server;
let publicStandIn: http.Server;
let P: number;
let S: number;
let hits: string[] = [];
let png: Buffer;

/** Loopback spellings of the internal server (each would reach it if the guard let it through). */
const loopbackForms = () => [
  `http://127.0.0.1:${P}/a.png`,
  `http://localhost:${P}/a.png`,
  `http://2130706433:${P}/a.png`,
  `http://0x7f000001:${P}/a.png`,
  `http://0x7f.0.0.1:${P}/a.png`,
  `http://0177.0.0.1:${P}/a.png`,
  `http://017700000001:${P}/a.png`,
  `http://127.1:${P}/a.png`,
  `http://127.000.000.001:${P}/a.png`,
  `http://0.0.0.0:${P}/a.png`,
  `http://0:${P}/a.png`,
  `http://[::1]:${P}/a.png`,
  `http://[::]:${P}/a.png`,
  `http://[::ffff:127.0.0.1]:${P}/a.png`,
  `http://[::ffff:7f00:1]:${P}/a.png`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${P}/a.png`,
  `http://user:pass@127.0.0.1:${P}/a.png`,
  `http://127.0.0.1:${P}/a.png#@example.com`,
];
/** Redirects from the stand-in public host into the internal server, each a path on the stand-in. */
const redirectTargets = () => [
  `http://127.0.0.1:${P}/r.png`,
  `http://2130706433:${P}/r.png`,
  `http://0x7f000001:${P}/r.png`,
  `http://[::ffff:127.0.0.1]:${P}/r.png`,
  `http://localhost:${P}/r.png`,
  `http://[::1]:${P}/r.png`,
];
/** Other internal addresses: only checked (checkFeedUrl resolves and refuses before any connection). */
const otherInternal = [
  'http://10.0.0.1/a.png',
  'http://172.16.0.1/a.png',
  'http://192.168.1.1/a.png',
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://100.100.100.200/latest/meta-data/',
  'http://[fe80::1]/a.png',
  'http://[fd12:3456::1]/a.png',
  'http://[::ffff:169.254.169.254]/latest/',
  'http://[::ffff:a9fe:a9fe]/latest/',
  'http://2852039166/latest/',
  'http://0xa9fea9fe/latest/',
  'http://0251.0376.0251.0376/latest/',
  'http://[64:ff9b::a9fe:a9fe]/latest/',
  'http://[2002:a9fe:a9fe::]/latest/',
  'http://224.0.0.1/a.png',
  'http://100.64.0.1/a.png',
];
const trustStandIn = (address: string, port: number) => address === '127.0.0.1' && port === S;

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
  internal = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.headers.host} ${req.url}`);
    if (req.url?.endsWith('.dtd')) return res.end(`<!ENTITY leak "${SECRET}">`);
    res.setHeader('content-type', 'image/png');
    res.end(req.url?.endsWith('.png') ? png : SECRET);
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  P = (internal.address() as AddressInfo).port;
  publicStandIn = http.createServer((req, res) => {
    const m = /^\/to\/(\d+)/.exec(req.url ?? '');
    if (m) {
      res.writeHead(302, { location: redirectTargets()[Number(m[1])] });
      return res.end();
    }
    if (req.url === '/hop') {
      res.writeHead(301, { location: `http://127.0.0.1:${S}/to/1` });
      return res.end();
    }
    res.setHeader('content-type', 'image/png');
    res.end(png);
  });
  await new Promise<void>((r) => publicStandIn.listen(0, '127.0.0.1', r));
  S = (publicStandIn.address() as AddressInfo).port;
  server = await startTestServer();
  // The server's own job runner would take the pictures too; this test runs the runner itself.
  await server.services.jobs!.stop();
});
afterAll(async () => {
  for (const s of [internal, publicStandIn]) {
    s?.closeAllConnections();
    s?.close();
  }
  await server?.close();
});

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
function feed(offers: { id: string; pictures: string[]; name?: string }[], head = '') {
  const offs = offers
    .map((o) => `<offer id="${o.id}" available="true"><name>${o.name ?? `Товар ${o.id}`}</name><price>100</price><currencyId>RUR</currencyId><categoryId>1</categoryId>${o.pictures.map((p) => `<picture>${esc(p)}</picture>`).join('')}</offer>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>${head}
<yml_catalog date="2026-11-24 10:00"><shop><name>SSRF</name><company>SSRF</company><url>https://shop.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies><categories><category id="1">Всё</category></categories><offers>${offs}</offers></shop></yml_catalog>`;
}
const runImport = (text: string) => importFeed({ db: server.db, dialect: server.dialect, storeId: server.storeId, input: Readable.from([Buffer.from(text)]) });

describe('SSRF and XML (issue 14, item 10)', () => {
  it('fetches no feed picture at an internal address, in any spelling or behind a redirect', async () => {
    hits = [];
    const direct = loopbackForms();
    const viaRedirect = redirectTargets().map((_, i) => `http://127.0.0.1:${S}/to/${i}`);
    const offers = [
      ...direct.map((u, i) => ({ id: `d${i}`, pictures: [u] })),
      ...viaRedirect.map((u, i) => ({ id: `r${i}`, pictures: [u] })),
      { id: 'hop', pictures: [`http://127.0.0.1:${S}/hop`] },
      { id: 'file', pictures: ['file:///etc/passwd'] },
      { id: 'ok', pictures: [`http://127.0.0.1:${S}/public.png`] },
    ];
    await runImport(feed(offers));
    await queueFeedPictures(server.db, server.storeId);
    const queued = await server.db.selectFrom('feed_pictures').select(['url']).where('store_id', '=', server.storeId).execute();
    // Every try of every picture (3 each), as the runner would do over its rounds.
    for (let round = 0; round < 4; round++) await runThumbnails(server.services, { isStopped: () => false, trust: trustStandIn });
    const rows = await server.db.selectFrom('feed_pictures').select(['url', 'status', 'thumb', 'tries']).where('store_id', '=', server.storeId).execute();
    const byStatus: Record<string, number> = {};
    for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    const ok = rows.find((r) => r.url.endsWith('/public.png'));
    const internalHits = hits.length;

    // Without the guard's own check the same fetch reaches the internal server (the counter can fail).
    const { stream } = await fetchFeed(`http://127.0.0.1:${P}/control.png`, { allowPrivate: true });
    await stream.toArray();
    const controlHits = hits.length - internalHits;

    console.log(
      `SSRF pictures: ${direct.length} loopback spellings + ${viaRedirect.length + 1} redirects into 127.0.0.1 + file:, ${queued.length} queued pictures tried up to 3 times by the thumbnail runner: ${internalHits} internal requests; statuses ${JSON.stringify(byStatus)}; the public control picture ${ok?.status}; control with private feeds allowed: ${controlHits} request [${server.label}]`,
    );
    expect(internalHits).toBe(0);
    expect(controlHits).toBe(1);
    expect(ok?.status).toBe('done');
    expect(rows.filter((r) => r.status === 'done')).toHaveLength(1);
  });

  it('refuses feed and picture links at private, link-local, CGNAT and metadata addresses before connecting', async () => {
    hits = [];
    const refused: string[] = [];
    for (const u of [...otherInternal, ...loopbackForms()]) {
      const e = await checkFeedUrl(u, {}).then(() => null, (err: { code?: string }) => err);
      if (e?.code === 'forbidden_address') refused.push(u);
      else console.log(`not refused: ${u} -> ${JSON.stringify(e)}`);
    }
    // The feed link of an import job goes through the same fetcher (redirects included).
    const feedLinks = [...loopbackForms().map((u) => u.replace('/a.png', '/feed.xml')), ...redirectTargets().map((_, i) => `http://127.0.0.1:${S}/to/${i}`)];
    let feedRefused = 0;
    for (const u of feedLinks) {
      const e = await fetchFeed(u, { trust: trustStandIn }).then((r) => (r.stream.destroy(), null), (err: { code?: string }) => err);
      if (e?.code === 'forbidden_address') feedRefused++;
    }
    console.log(`SSRF addresses: ${refused.length} of ${otherInternal.length + loopbackForms().length} internal URLs refused before connecting; feed links ${feedRefused} of ${feedLinks.length} refused; ${hits.length} internal requests [${server.label}]`);
    expect(refused).toHaveLength(otherInternal.length + loopbackForms().length);
    expect(feedRefused).toBe(feedLinks.length);
    expect(hits).toHaveLength(0);
  });

  it('stores no file contents and fetches nothing for XXE, external DTDs, XInclude and billion laughs, in bounded memory', async () => {
    hits = [];
    const passwd = fs.readFileSync('/etc/passwd', 'utf8').split('\n')[0];
    const lol = Array.from({ length: 10 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const big = 'A'.repeat(100_000);
    const hostile: [string, string][] = [
      ['XXE file', feed([{ id: 'x1', pictures: [], name: '&xxe;' }], '<!DOCTYPE yml_catalog [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>')],
      ['XXE http', feed([{ id: 'x2', pictures: [], name: '&xxe;' }], `<!DOCTYPE yml_catalog [<!ENTITY xxe SYSTEM "http://127.0.0.1:${P}/xxe">]>`)],
      ['parameter entity', feed([{ id: 'x3', pictures: [], name: '&leak;' }], `<!DOCTYPE yml_catalog [<!ENTITY % remote SYSTEM "http://127.0.0.1:${P}/evil.dtd"> %remote;]>`)],
      ['external DTD', feed([{ id: 'x4', pictures: [], name: '&leak;' }], `<!DOCTYPE yml_catalog SYSTEM "http://127.0.0.1:${P}/evil.dtd">`)],
      ['public DTD', feed([{ id: 'x5', pictures: [], name: 'dtd' }], `<!DOCTYPE yml_catalog PUBLIC "-//X//Y" "http://127.0.0.1:${P}/public.dtd">`)],
      ['XInclude', feed([{ id: 'x6', pictures: [], name: `<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>` }])],
      ['billion laughs', feed([{ id: 'x7', pictures: [], name: '&lol10;' }], `<!DOCTYPE yml_catalog [<!ENTITY lol0 "lol">${lol}]>`)],
      ['quadratic blowup', feed([{ id: 'x8', pictures: [], name: '&a;'.repeat(20_000) }], `<!DOCTYPE yml_catalog [<!ENTITY a "${big}">]>`)],
    ];
    let peak = process.memoryUsage().rss;
    const start = peak;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const outcomes: string[] = [];
    try {
      for (const [name, text] of hostile) {
        const r = await runImport(text).then(() => 'imported', (e: { code?: string }) => `refused ${e.code ?? 'error'}`);
        outcomes.push(`${name}: ${r}`);
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const after = await snapshot(server.db, CATALOGUE_TABLES);
    const stored = after.includes(passwd) || after.includes('root:x:0') || after.includes(SECRET) || after.includes('lollollol') || after.includes('AAAAAAAAAAAAAAAAAAAAAAAA');
    const growth = Math.round((peak - start) / 1024 / 1024);
    console.log(`XML: ${hostile.length} hostile feeds (${outcomes.join('; ')}): file or internal contents stored ${stored ? 'YES' : 0}, ${hits.length} internal requests, importer RSS growth ${growth} MB (peak ${Math.round(peak / 1024 / 1024)} MB) [${server.label}]`);
    expect(stored).toBe(false);
    expect(hits).toHaveLength(0);
    expect(growth).toBeLessThan(256);
    // Entity feeds are refused whole; the others may import their harmless offers only.
    expect(outcomes.filter((o) => /XXE|entity|laughs|blowup/.test(o) && !/refused/.test(o))).toEqual([]);
  });
});
