/**
 * Security suite, item 2 of issue 14: kill -9 the server while orders are being placed. The real server
 * (server/main.ts) runs as a child process on the test's database; orders go in parallel while it is
 * killed with SIGKILL again and again and restarted; unanswered orders are resent with their key after
 * the restart. Every order that got a 200 is stored once, no key twice, and SQLite's integrity_check is ok.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_PHONE, startTestServer, type TestServer } from '../helpers';
import { testDatabaseUrl, withSearchPath } from '../db';
import { orderForm, setupShop, type Shop } from '../checkoutFixtures';
import { scaled, scaleNote } from './scale';
import { freePort } from '../../lib/freePort';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
let server: TestServer;
let shop: Shop;
let child: ChildProcess | null = null;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await server.signIn(OWNER_PHONE);
  shop = await setupShop(server, owner);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await server?.close();
});

/** A form POST to the child; null when the connection died (the server was killed). */
function post(port: number, form: Record<string, unknown>): Promise<{ status: number; body: any } | null> {
  const body = Buffer.from(new URLSearchParams(Object.entries(form).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)])).toString());
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api?api=orders', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch {
            resolve(null);
          }
        });
        res.on('error', () => resolve(null));
      },
    );
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

async function startChild(port: number): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: server.config.dataDir, SKIP_BUILD: '1', DEMO: '0', LOG_LEVEL: 'silent', WORKERS: '1',
    // Many orders from one address and phone without an SMS check: the hourly limits are anonymousOrders.server.test.ts's.
    ANON_ORDERS_PER_ADDRESS: '0', ANON_ORDERS_PER_DEVICE: '0', ANON_ORDERS_PER_PHONE: '0' };
  delete env.DATABASE_URL;
  const url = testDatabaseUrl();
  const schema = /postgres schema (\S+)/.exec(server.label)?.[1];
  if (url && schema) env.DATABASE_URL = withSearchPath(url, schema);
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: 'ignore' });
  for (let i = 0; i < 300; i++) {
    const up = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      }).on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

function killChild(): Promise<void> {
  const c = child!;
  child = null;
  return new Promise((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGKILL');
  });
}

describe('crash during order placement (issue 14, item 2)', () => {
  it('keeps every answered order exactly once through repeated kill -9', async () => {
    const total = scaled(500, 40);
    const kills = scaled(20, 3);
    const port = await freePort();
    const forms = Array.from({ length: total }, (_, i) => orderForm({ [shop.offers.mid]: 2 + (i % 3) }));
    const answered = new Map<string, number>();
    let pending = forms.map((_, i) => i);
    let killed = 0;
    let lostConnections = 0;
    await startChild(port);
    for (let round = 0; pending.length && round < kills + 5; round++) {
      const batch = pending;
      pending = [];
      let next = 0;
      // A kill lands while this round's orders are in flight (unless the kills are used up).
      const killer =
        killed < kills
          ? (async () => {
              while (next < Math.min(batch.length, Math.max(4, Math.floor(total / (kills + 1))))) await new Promise((r) => setTimeout(r, 2));
              await killChild();
              killed++;
            })()
          : Promise.resolve();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < batch.length) {
            const i = batch[next++];
            if (!child) {
              pending.push(i);
              continue;
            }
            const r = await post(port, forms[i]);
            if (r && r.status === 200) answered.set(forms[i].idempotency_key as string, Number(r.body.orders[0]));
            else {
              if (!r) lostConnections++;
              pending.push(i);
            }
          }
        }),
      );
      await killer;
      if (!child) await startChild(port);
    }
    await killChild();

    const rows = await server.db.selectFrom('orders').select(['number', 'idempotency_key']).execute();
    const byKey = new Map<string, number[]>();
    for (const r of rows) byKey.set(r.idempotency_key, [...(byKey.get(r.idempotency_key) ?? []), r.number]);
    const missing = [...answered].filter(([key, id]) => !(byKey.get(key) ?? []).includes(id)).length;
    const twice = [...byKey.values()].filter((ids) => ids.length > 1).length;
    let integrity = 'n/a (PostgreSQL)';
    if (server.dialect === 'sqlite') integrity = String(Object.values((await sql`PRAGMA integrity_check`.execute(server.db)).rows[0] as object)[0]);
    console.log(
      `crash: ${total} orders, ${killed} kill -9 during placement, ${lostConnections} requests cut off and resent, ${answered.size} answered 200, ${missing} of them missing, ${twice} stored twice, ${rows.length} rows, integrity_check ${integrity} [${scaleNote()}, ${server.label}]`,
    );
    expect(killed).toBe(kills);
    expect(answered.size).toBe(total);
    expect(missing).toBe(0);
    expect(twice).toBe(0);
    expect(rows.length).toBe(total);
    if (server.dialect === 'sqlite') expect(integrity).toBe('ok');
  }, 240_000);
});
