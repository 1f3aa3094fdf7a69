/**
 * Security suite, issue 34: the public feed export. On 20401c2 `GET /yml.xml` of a 150k-offer shop took
 * 2.6-6 s of the server's thread, and 6 downloads at once held /healthz for 15.9 s. Now the feed is built once
 * per catalogue version in a thread of its own and every download streams the file (features/yml/export/exportFile.ts).
 * The sitemap's product files (50,000 addresses each, streamed from the server's thread per request before) the same.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importYml } from '../../features/yml/write/importYml';
import { bumpCatalogue } from '../../db/catalogueVersion';
import { startWithOwner, type TestServer } from '../helpers';
import { scaled, scaleNote } from './scale';

let server: TestServer;
const OFFERS = scaled(150_000, 3000);

function feed(n: number): string {
  const offers: string[] = [];
  for (let i = 1; i <= n; i++)
    offers.push(`<offer id="x${i}" available="true"><name>Товар ${i}</name><price>${100 + (i % 900)}</price><currencyId>RUR</currencyId><categoryId>${1 + (i % 20)}</categoryId><description>Описание товара ${i} для маркетплейса</description><param name="Цвет">${i % 2 ? 'красный' : 'синий'}</param></offer>`);
  const categories = Array.from({ length: 20 }, (_, c) => `<category id="${c + 1}">Раздел ${c + 1}</category>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><yml_catalog date="2026-11-29 12:00"><shop><name>Ф</name><company>Ф</company><url>https://f.example/</url><currencies><currency id="RUR" rate="1"/></currencies><categories>${categories}</categories><offers>${offers.join('\n')}</offers></shop></yml_catalog>`;
}

/** One GET, its body read to the end: status, bytes and milliseconds. */
function get(url: string): Promise<{ status: number; bytes: number; ms: number; etag?: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started, etag: res.headers.etag as string | undefined }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];

beforeAll(async () => {
  ({ server } = await startWithOwner());
  await importYml(server.db, server.dialect, server.images, server.storeId, Readable.from([Buffer.from(feed(OFFERS))]));
}, 600_000);
afterAll(() => server?.close());

describe('the public feed export (issue 34)', () => {
  it('keeps /healthz answering while 6 clients download the feed: one build per catalogue version, off the server thread', async () => {
    const idle: number[] = [];
    for (let i = 0; i < 30; i++) idle.push((await get(`${server.url}/healthz`)).ms);
    const healthz: number[] = [];
    let downloading = true;
    const probe = (async () => {
      while (downloading) healthz.push((await get(`${server.url}/healthz`)).ms);
    })();
    const started = performance.now();
    const downloads = await Promise.all(Array.from({ length: 6 }, () => get(`${server.url}/yml.xml`)));
    const took = performance.now() - started;
    downloading = false;
    await probe;
    expect(downloads.map((d) => d.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(downloads.map((d) => d.bytes)).size).toBe(1);
    expect(new Set(downloads.map((d) => d.etag)).size).toBe(1);
    // One file for the version, whole (no half-written part left).
    const dir = path.join(server.config.dataDir, 'exports');
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toBe(`${server.storeId}-${downloads[0].etag!.slice(1, -1)}.xml`);
    expect(fs.statSync(path.join(dir, files[0])).size).toBe(downloads[0].bytes);
    console.log(
      `feed export: 6 downloads of a ${OFFERS}-offer feed (${(downloads[0].bytes / 1024 / 1024).toFixed(1)} MB) in ${took.toFixed(0)} ms; /healthz ${healthz.length} probes meanwhile, p99 ${p99(healthz).toFixed(1)} ms, max ${Math.max(...healthz).toFixed(1)} ms (alone before: p99 ${p99(idle).toFixed(1)} ms) [${scaleNote()}, ${server.label}]`,
    );

    // The next version (a price changed) gets a new file and the old one goes.
    await server.db.transaction().execute(async (tx) => {
      await tx.updateTable('offers').set({ price: 1, updated_at: new Date().toISOString() }).where('store_id', '=', server.storeId).where('id', '=', 'x1').execute();
      await bumpCatalogue(tx, server.storeId);
    });
    const next = await get(`${server.url}/yml.xml`);
    expect(next.status).toBe(200);
    expect(next.etag).not.toBe(downloads[0].etag);
    expect(fs.readdirSync(dir)).toEqual([files[0].replace(downloads[0].etag!.slice(1, -1), next.etag!.slice(1, -1))]);
  }, 600_000);

  it('builds the sitemap product files once per catalogue version off the server thread, with an ETag and 304', async () => {
    const files = Math.ceil(OFFERS / 50_000);
    const healthz: number[] = [];
    let downloading = true;
    const probe = (async () => {
      while (downloading) healthz.push((await get(`${server.url}/healthz`)).ms);
    })();
    const started = performance.now();
    const downloads = await Promise.all(Array.from({ length: 6 }, (_, i) => get(`${server.url}/sitemaps/offers-${(i % files) + 1}.xml`)));
    const took = performance.now() - started;
    downloading = false;
    await probe;
    expect(downloads.map((d) => d.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const dir = path.join(server.config.dataDir, 'exports');
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('sitemap-')).sort()).toEqual(
      Array.from({ length: files }, (_, i) => `sitemap-${server.storeId}-${downloads[i].etag!.slice(1, -1)}.xml`).sort(),
    );
    const first = await fetch(`${server.url}/sitemaps/offers-1.xml`);
    expect((await first.text()).match(/<loc>/g)).toHaveLength(Math.min(OFFERS, 50_000));
    expect((await fetch(`${server.url}/sitemaps/offers-1.xml`, { headers: { 'if-none-match': first.headers.get('etag')! } })).status).toBe(304);
    console.log(
      `sitemap: 6 downloads of ${files} product file(s) of ${OFFERS} offers in ${took.toFixed(0)} ms; /healthz ${healthz.length} probes meanwhile, p99 ${p99(healthz).toFixed(1)} ms, max ${Math.max(...healthz).toFixed(1)} ms [${scaleNote()}, ${server.label}]`,
    );
  }, 600_000);
});
