/**
 * Security suite, issue 34: client addresses behind a proxy. With `TRUST_PROXY=1` the client's address is
 * the right-most X-Forwarded-For entry (the one our proxy wrote), so entries a client makes up on the left
 * give it no new address: the per-address limit on guessing calls (30 a minute) holds. Both nginx lines
 * are played: the documented `$remote_addr` (the header is the client's address alone) and the older
 * `$proxy_add_x_forwarded_for` (the client's header with its address appended).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => void (server = await startTestServer({ env: { TRUST_PROXY: '1' } })));
afterAll(() => server?.close());

/** A promo guess as the proxy (this test, on 127.0.0.1) passes it on with the given X-Forwarded-For. */
function promo(forwardedFor: string, code: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = `code=${code}`;
    const headers = { host: `127.0.0.1:${server.port}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length), 'x-forwarded-for': forwardedFor };
    const req = http.request({ host: '127.0.0.1', port: server.port, method: 'POST', path: '/api?api=promo', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('client addresses behind a proxy (issue 34)', () => {
  it('takes the address from the right of X-Forwarded-For: 40 promo tries with made-up left-most entries meet the limit of 30', async () => {
    const tries = 40;
    // nginx with $proxy_add_x_forwarded_for: the client's made-up header, then the address nginx saw.
    const appended = [];
    for (let i = 0; i < tries; i++) appended.push(await promo(`10.${i}.${i}.1, 198.51.100.${i % 250}, 203.0.113.7`, `GUESS${i}`));
    const appendedAnswered = appended.filter((r) => r.status !== 429).length;
    // Another client behind the same proxy has its own budget.
    const other = await promo('203.0.113.8', 'GUESSX');
    // nginx with the documented $remote_addr: the header holds the client's address alone.
    const plain = [];
    for (let i = 0; i < tries; i++) plain.push(await promo('203.0.113.9', `PLAIN${i}`));
    const plainAnswered = plain.filter((r) => r.status !== 429).length;
    const refusedBody = JSON.parse(appended[tries - 1].body);
    console.log(
      `client addresses (TRUST_PROXY=1): ${tries} promo tries with made-up left-most X-Forwarded-For entries: ${appendedAnswered} answered, ${tries - appendedAnswered} refused 429; ` +
        `another client meanwhile: ${other.status}; ${tries} tries through the documented $remote_addr line: ${plainAnswered} answered [${server.label}]`,
    );
    expect(appendedAnswered).toBe(30);
    expect(refusedBody.error.code).toBe('too_many_requests');
    expect(other.status).not.toBe(429);
    expect(plainAnswered).toBe(30);
  });
});
