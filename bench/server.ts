/**
 * The benchmark's server process (forked by bench/catalogue.ts so the load generator has its own CPU):
 * the real app (buildApp, API only, silent) and a bare Fastify hello-world route as the baseline, both in
 * this one process on 127.0.0.1. It reports both ports to its parent and serves until killed.
 *
 * On {idle: true} it answers once no request is being worked on (the ones a stopped load left behind).
 *
 * On {cpu: true} it answers with its CPU time so far (process.cpuUsage), so the parent can divide the CPU
 * the server spent under a load by the requests it answered: the app's and the bare route's alike.
 *
 * On the parent's {capture: true} it records the SQL of the requests that follow; on {plans: true} it
 * answers with the slowest recorded queries (distinct texts by their longest time; `top` of them), how
 * often each ran, and its plan (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL), so the bench prints
 * the plans of a row under its goal.
 *
 * The built storefront (dist/, `npm run build`) is served too when it is there: the server-rendered pages.
 *
 * BENCH_SERVER_WORKERS=N (N > 1): as `WORKERS=N npm start` does, N node:cluster workers serve the app and the
 * bare route on two shared ports; this process only relays (the ports, the workers' CPU time summed). No plans.
 */
import Fastify from 'fastify';
import cluster from 'node:cluster';
import net, { type AddressInfo } from 'node:net';
import type { CompiledQuery } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp, DIST_DIR } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';

const workers = Number(process.env.BENCH_SERVER_WORKERS ?? 1);
if (workers > 1 && cluster.isPrimary) await relay(workers);
else await serve();

async function relay(n: number) {
  const freePort = () =>
    new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
  const apiPort = await freePort();
  const barePort = await freePort();
  const forked = Array.from({ length: n }, () => cluster.fork({ BENCH_API_PORT: String(apiPort), BENCH_BARE_PORT: String(barePort) }));
  await Promise.all(forked.map((w) => new Promise((resolve) => w.once('message', resolve))));
  process.on('message', async (m: { cpu?: boolean; capture?: boolean; plans?: boolean; idle?: boolean }) => {
    if (m.idle) {
      await Promise.all(
        forked.map((w) => new Promise((resolve) => {
          w.once('message', resolve);
          w.send({ idle: true });
        })),
      );
      process.send!({ idle: true });
    } else if (m.cpu) {
      const all = await Promise.all(
        forked.map((w) => new Promise<NodeJS.CpuUsage>((resolve) => {
          w.once('message', (r: { cpu: NodeJS.CpuUsage }) => resolve(r.cpu));
          w.send({ cpu: true });
        })),
      );
      process.send!({ cpu: all.reduce((a, c) => ({ user: a.user + c.user, system: a.system + c.system }), { user: 0, system: 0 }) });
    } else if (m.capture) process.send!({ capturing: true });
    else if (m.plans) process.send!({ plans: [] });
  });
  const stop = () => {
    for (const w of forked) w.kill('SIGTERM');
    process.exit(0);
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.send!({ apiPort, barePort });
}

async function serve() {
  const config = loadConfig(process.env, { logLevel: 'silent', host: '127.0.0.1', port: 0 });
  let capturing = false;
  let captured: { query: CompiledQuery; ms: number }[] = [];
  const database = openDatabase({
    ...config,
    log: (e) => {
      if (capturing && e.level === 'query') captured.push({ query: e.query, ms: e.queryDurationMillis });
    },
  });
  const serveApps = fs.existsSync(path.join(DIST_DIR, 'storefront', 'index.html'));
  const { app } = await buildApp({ config, database, serveApps });
  // Requests being worked on: a load generator that stops leaves the server answering the requests it had
  // sent (closed connections or not), and H is measured after they are done ({idle: true}).
  let working = 0;
  const done = Symbol('done');
  app.addHook('onRequest', async (request) => {
    working++;
    (request as unknown as Record<symbol, boolean>)[done] = false;
  });
  app.addHook('onSend', async (request) => {
    const r = request as unknown as Record<symbol, boolean>;
    if (r[done] === false) {
      r[done] = true;
      working--;
    }
  });
  await app.listen({ port: Number(process.env.BENCH_API_PORT ?? 0), host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  await bare.listen({ port: Number(process.env.BENCH_BARE_PORT ?? 0), host: '127.0.0.1' });

  process.on('message', async (m: { capture?: boolean; plans?: boolean; top?: number; cpu?: boolean; idle?: boolean }) => {
    if (m.cpu) {
      process.send!({ cpu: process.cpuUsage() });
      return;
    }
    if (m.idle) {
      while (working > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      process.send!({ idle: true });
      return;
    }
    if (m.capture) {
      captured = [];
      capturing = true;
      process.send!({ capturing: true });
      return;
    }
    if (m.plans) {
      capturing = false;
      const bySql = new Map<string, { query: CompiledQuery; ms: number; count: number; total: number }>();
      for (const { query, ms } of captured) {
        const q = bySql.get(query.sql);
        if (!q) bySql.set(query.sql, { query, ms, count: 1, total: ms });
        else {
          q.count++;
          q.total += ms;
          if (ms > q.ms) Object.assign(q, { query, ms });
        }
      }
      const slowest = [...bySql.values()].sort((a, b) => b.ms - a.ms).slice(0, m.top ?? 1000);
      const out: { sql: string; params: unknown[]; ms: number; count: number; avg: number; plan: string[] }[] = [];
      for (const { query, ms, count, total } of slowest) {
        const explain = database.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
        let plan: string[];
        try {
          const rows = (await database.db.executeQuery({ ...query, sql: explain + query.sql, query: query.query } as CompiledQuery)).rows as Record<string, unknown>[];
          plan = database.dialect === 'postgres' ? rows.map((r) => String(r['QUERY PLAN'])) : planTree(rows as { id: number; parent: number; detail: string }[]);
        } catch (e) {
          plan = [`(no plan: ${(e as Error).message})`];
        }
        out.push({ sql: query.sql, params: query.parameters as unknown[], ms, count, avg: total / count, plan });
      }
      process.send!({ plans: out });
    }
  });

  function planTree(rows: { id: number; parent: number; detail: string }[]) {
    const depth = new Map<number, number>([[0, 0]]);
    return rows.map((p) => {
      depth.set(p.id, (depth.get(p.parent) ?? 0) + 1);
      return `${'  '.repeat(depth.get(p.id)! - 1)}${p.detail}`;
    });
  }

  process.send!({ apiPort: (app.server.address() as AddressInfo).port, barePort: (bare.server.address() as AddressInfo).port });
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  process.on('SIGINT', () => process.exit(0));
}
