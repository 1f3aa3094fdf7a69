/**
 * Security suite, item 6 of issue 14: the per-address limit on calls that guess at secrets (sign-in codes,
 * promo codes: 30 a minute) holds across server processes. Two instances of the app, each with its own
 * connection to one database (what `WORKERS=2` or two machines run), answer calls from one address in
 * parallel: together they accept exactly 30, as one process would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/database';
import { consoleSms } from '../../features/auth/sms';
import { testDatabaseUrl, withSearchPath } from '../db';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
let second: { database: Database; close(): Promise<void>; port: number };

/** A second app on the same database through a connection of its own. */
async function secondInstance(s: TestServer) {
  const url = testDatabaseUrl();
  const schema = /postgres schema (\S+)/.exec(s.label)?.[1];
  const database = url && schema ? openDatabase({ databaseUrl: withSearchPath(url, schema), dataDir: s.config.dataDir }) : openDatabase({ databaseUrl: null, dataDir: s.config.dataDir, sqliteFile: s.database.file });
  const { app } = await buildApp({ config: s.config, database, sms: consoleSms(() => undefined), serveApps: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return {
    database,
    port,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

function call(port: number, api: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: `/api?api=${api}`, headers: { host: `127.0.0.1:${server.port}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  server = await startTestServer();
  second = await secondInstance(server);
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

describe('rate limit across processes (issue 14, item 6)', () => {
  it('accepts 30 promo and sign-in calls a minute from one address across two server instances on one database', async () => {
    const ports = [server.port, second.port];
    const sent = 80;
    // Half promo checks, half code guesses, spread over both instances, all at once.
    const statuses = await Promise.all(
      Array.from({ length: sent }, (_, i) => (i % 4 < 2 ? call(ports[i % 2], 'promo', `code=GUESS${i}`) : call(ports[i % 2], 'login', `phone=%2B7999000${String(1000 + i)}&code=0000`))),
    );
    const refused = statuses.filter((s) => s === 429).length;
    const byInstance = ports.map((_, k) => statuses.filter((s, i) => i % 2 === k && s !== 429).length);
    const rows = await server.db.selectFrom('rate_limits').selectAll().execute();
    console.log(`rate limit: ${sent} parallel promo/login calls from one address over 2 instances on one database: ${sent - refused} answered (${byInstance.join(' + ')}), ${refused} refused 429; counter rows ${rows.length} [${server.label}]`);
    expect(sent - refused).toBe(30);
    expect(refused).toBe(sent - 30);
    // The catalogue is not counted: it still answers.
    expect(await call(second.port, 'stores', '')).toBe(200);
    expect(await call(server.port, 'offers', '')).toBe(200);
  });
});
