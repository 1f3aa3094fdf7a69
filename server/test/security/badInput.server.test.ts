/**
 * Security suite, item 12 of issue 14: bad input on every call. Every api= name and every REST list gets
 * garbage offsets, sorts, filters, ranges, nested and prototype keys, a 10 MB urlencoded body, 100,000
 * form fields and broken multipart, as anonymous and as the owner: a 4xx with the error body or a normal
 * answer, never a 5xx, and nothing stored. (server/test/bad-input.test.ts holds the detailed cases.)
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES, OWNER_PHONE, snapshot, startTestServer, type Auth, type TestServer } from '../helpers';
import { rest } from '../checkoutFixtures';

let server: TestServer;
let owner: Auth;
const TABLES = [...CATALOGUE_TABLES, 'places', 'promo_codes', 'ingredients', 'item_ingredients', 'orders', 'questions', 'subscriptions'];

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  owner = await server.signIn(OWNER_PHONE);
});
afterAll(() => server?.close());

/** A raw POST /api?api=<name> with a body of our making. */
function raw(name: string, body: Buffer, contentType: string, token?: Auth): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${server.port}`, 'content-type': contentType, 'content-length': String(body.length) };
    if (token) headers.authorization = `Bearer ${token.token}`;
    const req = http.request({ host: '127.0.0.1', port: server.port, method: 'POST', path: `/api?api=${name}`, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    // The server may answer 413 and close before reading a big body: that is an answer, not an error.
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? resolve({ status: 413, body: '{"error":{"code":"too_large"}}' }) : reject(e)));
    req.end(body);
  });
}

const GARBAGE: Record<string, string>[] = [
  { offset: 'abc' },
  { offset: '-1' },
  { offset: '9'.repeat(400) },
  { page: '1e309' },
  { sort: '{"id":{"$gt":""}}' },
  { sort: "name; DROP TABLE offers; --" },
  { sortId: '../../etc/passwd' },
  { 'filter[283]': '1_2_3_4' },
  { 'filter[__proto__]': '1' },
  { 'p[__proto__][polluted]': '1' },
  { 'constructor[prototype][polluted]': '1' },
  { 'item[__proto__]': '1' },
  { 'a[b][c][d][e][f][g][h][i][j][k]': '1' },
  { 'p[]': 'x', 'p[][]': 'y', 'item[]': '1' },
  { ids: ','.repeat(10_000) },
  { value: '%'.repeat(5000) },
  { orderId: '1 OR 1=1' },
  { orderId: '-99999999999999999999' },
  { seq: 'NaN' },
  { ll: '999,999' },
  { code: '\u0000\u0000\u0000\u0000', phone: '\u202e+7999' },
];

describe('bad input on every call (issue 14, item 12)', () => {
  it('answers garbage on every api= call and REST list with a 4xx or a normal answer, never a 5xx, storing nothing', async () => {
    const before = await snapshot(server.db, TABLES);
    let calls = 0;
    const fivexx: string[] = [];
    const noErrorBody: string[] = [];
    const names = server.apiNames.filter((n) => n !== 'sms_code' && n !== 'login' && n !== 'logout');
    for (const name of names) {
      for (const params of GARBAGE) {
        for (const token of [undefined, owner]) {
          const r = await server.api(name, params, { token });
          calls++;
          if (r.status >= 500) fivexx.push(`${name} ${JSON.stringify(params)}: ${r.status}`);
          else if (r.status >= 400 && !(r.body?.error?.code && r.body?.error?.message)) noErrorBody.push(`${name} ${JSON.stringify(params)}`);
        }
      }
    }
    const listGarbage = [{ sort: '["id","SIDEWAYS"]' }, { sort: '["__proto__","ASC"]' }, { sort: '["constructor","ASC"]' }, { sort: '["toString","DESC"]' }, { range: '[-5,1e9]' }, { range: '["a","b"]' }, { filter: '{"id":{"$ne":0}}' }, { filter: '{"q":' }, { filter: '[]' }, { range: '[0,99999999999999]' }];
    for (const res of server.restResources) {
      for (const query of listGarbage) {
        const r = await rest(server, 'GET', `/${res}`, { token: owner.token, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v])) });
        calls++;
        if (r.status >= 500) fivexx.push(`GET /rest/${res} ${JSON.stringify(query)}: ${r.status}`);
      }
      for (const path of [`/${res}/abc`, `/${res}/-1`, `/${res}/1e99`, `/${res}/%00`]) {
        const r = await rest(server, 'GET', path, { token: owner.token });
        calls++;
        if (r.status >= 500) fivexx.push(`GET /rest${path}: ${r.status}`);
      }
    }
    // Bodies too big, too many fields, broken multipart, on the busiest calls.
    const tenMb = Buffer.from(`a=${'x'.repeat(10 * 1024 * 1024)}`);
    const manyFields = Buffer.from(Array.from({ length: 100_000 }, (_, i) => `item[${i}]=1`).join('&'));
    const bodies: [string, Buffer, string][] = [
      ['10 MB urlencoded', tenMb, 'application/x-www-form-urlencoded'],
      ['100,000 fields', manyFields, 'application/x-www-form-urlencoded'],
      ['multipart without end', Buffer.from('--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'), 'multipart/form-data; boundary=XX'],
      ['multipart, no boundary', Buffer.from('garbage'), 'multipart/form-data'],
      ['JSON', Buffer.from('{"__proto__":{"x":1}}'), 'application/json'],
      ['invalid UTF-8', Buffer.from([0x61, 0x3d, 0xff, 0xfe, 0xc0, 0x80]), 'application/x-www-form-urlencoded'],
    ];
    const bodyStatuses: string[] = [];
    for (const name of ['orders', 'offers', 'stores', 'promo']) {
      for (const [label, body, type] of bodies) {
        for (const token of [undefined, owner]) {
          const r = await raw(name, body, type, token);
          calls++;
          if (r.status >= 500) fivexx.push(`${name} ${label}: ${r.status} ${r.body.slice(0, 100)}`);
          if (name === 'orders' && !token) bodyStatuses.push(`${label} ${r.status}`);
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const same = (await snapshot(server.db, TABLES)) === before;
    const alive = await server.api('offers');
    console.log(`bad input: ${calls} garbage calls (${names.length} api= names, ${server.restResources.length} REST lists, big and broken bodies), ${fivexx.length} 5xx, ${noErrorBody.length} 4xx without the error body, database unchanged: ${same}; bodies on api=orders: ${bodyStatuses.join(', ')} [${server.label}]`);
    expect(fivexx).toEqual([]);
    expect(noErrorBody).toEqual([]);
    expect(same).toBe(true);
    expect(alive.status).toBe(200);
  });
});
