/**
 * Security suite, issue 34: bodies with many fields. A form of 200,000 fields (1.9 MB urlencoded, under the
 * 2 MB body limit) cost 0.5-1.5 s of the event loop on any route; 8 in parallel held /healthz for 11 s.
 * Now the fields are counted before the body is parsed (urlencoded) or as it streams (multipart): more
 * than the cap is a 413 with the protocol's error body on every route that takes a body, and a body
 * declared larger than its route takes is refused before it is read.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithOwner, type Auth, type TestServer } from '../helpers';
import { MAX_FORM_FIELDS } from '../../lib/bodyLimits';
import { SCALE, scaled, scaleNote } from './scale';

let server: TestServer, owner: Auth;
beforeAll(async () => ({ server, owner } = await startWithOwner()));
afterAll(() => server?.close());

type Answer = { status: number; body: string; ms: number };

/** One request with a body of our making; a server that answers before reading it all is an answer too. */
function send(method: string, path: string, body: Buffer | null, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const all = { host: `127.0.0.1:${server.port}`, ...headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path, headers: all }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? resolve({ status: -1, body: '', ms: performance.now() - started }) : reject(e)));
    if (body) req.end(body);
    else req.end();
  });
}

/** n fields as urlencoded: 200,000 make 1.8 MB, under the 2 MB body limit. */
const manyFields = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `${i}=1`).join('&'));
function manyFieldsMultipart(n: number) {
  const boundary = 'xBOUNDARYx';
  const parts = Array.from({ length: n }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n1\r\n`);
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];

/** Every route that takes a body: the api= calls and the REST writes (a few of each kind). */
const ROUTES: [string, string][] = [
  ['POST', '/api?api=offers'],
  ['POST', '/api?api=orders'],
  ['POST', '/api?api=stores'],
  ['POST', '/api?api=login'],
  ['POST', '/rest/questions'],
  ['POST', '/rest/subscriptions'],
  ['POST', '/rest/promo_codes'],
  ['PUT', '/rest/orders/1'],
  ['POST', '/rest/yml_imports'],
  ['POST', '/rest/notifications/1/retry'],
];

/** The routes that read multipart bodies (pictures, attachments, a feed file, the seed's multipart forms). */
const READS_MULTIPART = new Set(['/api', '/rest/questions', '/rest/subscriptions', '/rest/yml_imports']);

describe('bodies with many fields (issue 34)', () => {
  it('refuses more form fields than the cap with 413 and the error body on every route, urlencoded and multipart', async () => {
    const form = manyFields(200_000);
    const multi = manyFieldsMultipart(200_000);
    const outcomes: string[] = [];
    const wrong: string[] = [];
    for (const [method, path] of ROUTES) {
      for (const [kind, body, type] of [
        ['urlencoded', form, 'application/x-www-form-urlencoded'],
        ['multipart', multi.body, multi.type],
      ] as const) {
        const r = await send(method, path, body, { 'content-type': type, authorization: `Bearer ${owner.token}` });
        let code = '';
        try {
          code = JSON.parse(r.body).error?.code ?? '';
        } catch {
          /* not JSON */
        }
        outcomes.push(`${method} ${path} ${kind}: ${r.status} ${code}`);
        // A route that takes no files refuses a multipart body before reading it (415); the rest count its fields.
        // (A route that takes small bodies only refuses the 13 MB multipart body by its declared size: too_large.)
        const want = kind === 'multipart' && !READS_MULTIPART.has(path.split('?')[0]) ? ['unsupported_media_type'] : kind === 'multipart' ? ['too_many_fields', 'too_large'] : ['too_many_fields'];
        if (r.status !== (want[0] === 'unsupported_media_type' ? 415 : 413) || !want.includes(code)) wrong.push(outcomes.at(-1)!);
      }
    }
    // Just under the cap is a normal call.
    const under = await send('POST', '/api?api=offers', manyFields(MAX_FORM_FIELDS - 1), { 'content-type': 'application/x-www-form-urlencoded' });
    // A body declared bigger than the route takes is refused before it is sent.
    const declared = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: server.port, method: 'POST', path: '/api?api=offers', headers: { host: `127.0.0.1:${server.port}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(500 * 1024 * 1024) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    console.log(`bodies: 200,000 fields on ${ROUTES.length} routes x urlencoded/multipart: ${outcomes.length - wrong.length} of ${outcomes.length} refused before parsing (413 too_many_fields; multipart on a route without files 415); ${MAX_FORM_FIELDS - 1} fields: ${under.status}; a 500 MB multipart body declared: ${declared} before it was sent [${server.label}]`);
    expect(wrong).toEqual([]);
    expect(under.status).toBe(200);
    expect(declared).toBe(413);
  });

  it('keeps /healthz answering while 8 clients send 200,000-field bodies', async () => {
    const form = manyFields(200_000);
    const bodiesPerClient = scaled(40, 4);
    const healthz: number[] = [];
    // /healthz alone first: the machine's own figure for the same probe.
    const idle: number[] = [];
    for (let i = 0; i < 50; i++) idle.push((await send('GET', '/healthz', null, {})).ms);
    let sending = true;
    const statuses: Record<string, number> = {};
    // The 8 clients run in threads of their own: this thread is the server's, and /healthz measures it.
    const clients = Array.from({ length: 8 }, (_, c) =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(new URL('./floodWorker.mjs', import.meta.url), {
          workerData: { port: server.port, host: `127.0.0.1:${server.port}`, path: c % 2 ? '/api?api=offers' : '/api?api=orders', body: form, contentType: 'application/x-www-form-urlencoded', count: bodiesPerClient },
        });
        worker.once('message', (got: Record<string, number>) => {
          for (const [k, v] of Object.entries(got)) statuses[k] = (statuses[k] ?? 0) + v;
          resolve();
        });
        worker.once('error', reject);
      }),
    );
    const probe = (async () => {
      while (sending) healthz.push((await send('GET', '/healthz', null, {})).ms);
    })();
    await Promise.all(clients);
    sending = false;
    await probe;
    console.log(`bodies: /healthz while 8 clients sent ${8 * bodiesPerClient} bodies of 200,000 fields: ${healthz.length} probes, p99 ${p99(healthz).toFixed(1)} ms, max ${Math.max(...healthz).toFixed(1)} ms (alone before: p99 ${p99(idle).toFixed(1)} ms); answers ${JSON.stringify(statuses)} [${scaleNote()}, ${server.label}]`);
    expect(statuses['413']).toBe(8 * bodiesPerClient);
    void SCALE;
  }, 600_000);
});
