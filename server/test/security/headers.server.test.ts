/**
 * Security suite, item 8 (headers) of issue 14: every page has a strict Content-Security-Policy (scripts
 * from the site only, no inline script but the storefront's tap queue by its hash; the storefront's
 * server-written styles by their hashes, so a page can be kept whole for every device), every answer
 * `X-Content-Type-Options: nosniff`, pages `frame-ancestors 'self'`, uploads sandboxed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { saveStore } from '../../features/stores/stores';
import { pngImage, startTestServer, type TestServer } from '../helpers';
import { cspHash } from '../../lib/securityHeaders';

let server: TestServer;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  server = await startTestServer();
  const row = await server.db.selectFrom('stores').selectAll().where('id', '=', server.storeId).executeTakeFirstOrThrow();
  await saveStore(server.db, row, { custom_css: 'body { color: red } </style><script>alert(1)</script>' });
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  fs.mkdirSync(path.join(dist, 'storefront'));
  fs.mkdirSync(path.join(dist, 'admin'));
  const page = '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title></title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
  fs.writeFileSync(path.join(dist, 'storefront', 'index.html'), page);
  fs.writeFileSync(path.join(dist, 'admin', 'index.html'), page.replace('</head>', '<style>body{margin:0}</style></head>'));
  ({ app } = await buildApp({ config: server.config, database: server.database, distDir: dist }));
  fs.mkdirSync(path.join(server.config.uploadsDir, 'x'), { recursive: true });
  fs.writeFileSync(path.join(server.config.uploadsDir, 'x', 'a.png'), await pngImage(4, 4));
});
afterAll(async () => {
  await app?.close();
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

describe('security headers (issue 14, item 8)', () => {
  it('gives every page a strict policy and every answer nosniff', async () => {
    const urls = ['/', '/category/1', '/item/1', '/cart', '/info/about', '/no-such-page', '/admin/', '/admin/#/offers', '/api?api=stores', '/config.json', '/images/x/a.png', '/rest/places', '/robots.txt'];
    let pages = 0;
    let answers = 0;
    let hashed = 0;
    for (const url of urls) {
      const r = await app.inject({ method: 'GET', url, headers: { host: '127.0.0.1' } });
      answers++;
      expect(r.statusCode, url).toBeLessThan(500);
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
      const type = String(r.headers['content-type'] ?? '');
      if (type.startsWith('text/html')) {
        pages++;
        const csp = directives(String(r.headers['content-security-policy']));
        expect(csp.get('script-src')![0], url).toBe("'self'");
        expect(csp.get('object-src'), url).toEqual(["'none'"]);
        expect(csp.get('base-uri'), url).toEqual(["'self'"]);
        expect(csp.get('frame-ancestors'), url).toEqual(["'self'"]);
        expect(csp.get('default-src'), url).toEqual(["'self'"]);
        // No inline script runs but those the policy names by hash: the other inline script elements are data
        // blocks (the shop's JSON, the SEO JSON-LD). (Style elements are raw text: the owner's CSS inside them is no markup.)
        const markup = r.body.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '<style></style>');
        for (const m of markup.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
          if (/type="application\/(ld\+)?json"|src="/.test(m[1])) continue;
          expect(csp.get('script-src'), url).toContain(cspHash(m[2]));
        }
        expect(csp.get('script-src')!.slice(1).every((s) => s.startsWith("'sha256-")), url).toBe(true);
        if (!url.startsWith('/admin')) {
          const style = csp.get('style-src')!;
          expect(style, url).not.toContain("'unsafe-inline'");
          // Each server-written style element by the hash of its text, and nothing else inline.
          const styles = [...r.body.matchAll(/<style\b([^>]*)>([^<]*)<\/style>/g)];
          expect(styles.length, url).toBe(2);
          for (const s of styles) expect(style, url).toContain(cspHash(s[2]));
          expect(style.slice(1).every((s) => s.startsWith("'sha256-")), url).toBe(true);
          hashed++;
          // The owner's CSS cannot close its element: the two style elements hold all of it.
          expect(r.body.match(/<\/style>/g)?.length, url).toBe(2);
        }
      }
      if (url.startsWith('/images/')) expect(String(r.headers['content-security-policy']), url).toContain('sandbox');
    }
    console.log(`security headers: ${answers} answers with nosniff, ${pages} pages with a strict CSP (script-src 'self', frame-ancestors 'self'), ${hashed} with their styles by hash [${server.label}]`);
    expect(pages).toBe(8);
    expect(hashed).toBe(6);
  });
});
