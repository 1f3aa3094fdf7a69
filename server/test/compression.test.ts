/** What the server sends over the wire: compressed answers and files, and how long browsers keep them. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/build';
import { buildApp } from '../app';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let app: FastifyInstance;
let dist: string;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `слово ${i}`))};\n`;

beforeAll(async () => {
  server = await startTestServer();
  for (let i = 0; i < 30; i++) await server.createCategory({ category: `Категория с длинным названием ${i}` });
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  const assets = path.join(dist, 'storefront', 'assets');
  fs.mkdirSync(assets, { recursive: true });
  fs.writeFileSync(path.join(dist, 'storefront', 'index.html'), `<!doctype html><html><head><title></title></head><body>${'<p>текст</p>'.repeat(200)}</body></html>`);
  fs.writeFileSync(path.join(assets, 'index-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(assets, 'tiny-abc.js'), 'export{}');
  precompress(assets);
  ({ app } = await buildApp({ config: server.config, database: server.database, distDir: dist }));
});
afterAll(async () => {
  await app?.close();
  await server?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

describe('compression and caching', () => {
  it('the build writes Brotli and gzip forms of each script, not of tiny ones', () => {
    const assets = path.join(dist, 'storefront', 'assets');
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(assets, 'index-abc123.js.br'))).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(assets, 'index-abc123.js.gz'))).toString()).toBe(SCRIPT);
    expect(fs.existsSync(path.join(assets, 'tiny-abc.js.br'))).toBe(false);
  });

  it('sends a built script compressed as the browser accepts it, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 3);

    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses api answers and the shop page, which are revalidated every time', async () => {
    const list = await app.inject({ method: 'POST', url: '/api?api=offers_category', headers: { host: 'localhost', 'accept-encoding': 'br' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString()).offers_category).toHaveLength(30);

    const page = await app.inject({ url: '/category/0/1', headers: { host: 'localhost', 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toContain('<script id="shop-data"');

    // Small answers go as they are.
    const small = await app.inject({ url: '/config.json', headers: { host: 'localhost', 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('API_HOST');
  });
});
