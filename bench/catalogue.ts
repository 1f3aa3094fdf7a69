/**
 * `npm run bench`: the storefront's reads of the catalogue under spread traffic (issue 33). Every row draws
 * its keys at random per request (bench/spread.ts: 1,000 leaf categories x 5 sorts x pages 1-5, top categories
 * pages 1-50, 20 nouns in inflected forms and two-word queries, carts of 20 random ids, random items, server-
 * rendered list and item pages), so a row measures the catalogue and not one kept answer; two rows keep one
 * key on purpose and say so (the answer cache's figure).
 *
 * For each database, size and number of server processes (WORKERS), a server (bench/server.ts: the real app
 * and a bare Fastify route H in the same process) is started with the answer cache as shipped and again with
 * RESPONSE_CACHE_MB=0. Each row is loaded by wrk (bench/wrk.ts) with BENCH_CONNECTIONS (50) for BENCH_SECONDS
 * (5) and printed as req/s over H (measured right before and after it, the mean of the two), p50, p99, the
 * server's CPU per answer and errors. Then the mixed run: every kind at once in shoppers' shares (lists 45 %,
 * items 25 %, search 15 %, cart 10 %, rendered pages 5 %), BENCH_MIXED_CONNECTIONS (200) for
 * BENCH_MIXED_SECONDS (60), p50/p99 and errors per kind (one connection per wrk thread, so each answer is timed
 * against its own request).
 *
 * Catalogues are generated once and kept (bench/fixture.ts; 1M: ~1 min on SQLite, ~2.5 min on PostgreSQL).
 * PostgreSQL: BENCH_PG_URL, else a throwaway cluster (scripts/pg.ts) for the run.
 * The server-rendered pages need `npm run build` (else those rows are left out, with a note).
 *
 * Subsets, so a run fits in minutes:
 *   BENCH_DB=sqlite,pg (`-- --pg`: pg)      BENCH_SIZES=10000,100000,1000000   BENCH_WORKERS=1,2
 *   BENCH_CACHE=on,off                       BENCH_ROWS=leaf,top,search,search2,typo,suggest,cart,item,page,itempage,filters,colour,pickup,tree,onekey
 *   BENCH_MIXED=1 (0: no mixed run; only: the mixed run alone)   BENCH_SQL=1: the slowest queries of every row with their plans
 *   BENCH_PROF=<dir>: a CPU profile of each server process (.cpuprofile) written there when it stops
 * e.g. `BENCH_DB=sqlite BENCH_SIZES=1000000 BENCH_WORKERS=1 BENCH_CACHE=on BENCH_ROWS=cart,search BENCH_MIXED=0 npm run bench`.
 *
 * It prints and never fails on numbers; the figures also go to <tmp>/shop-bench/results-<time>.json.
 * The load generator shares the machine's cores with the server: the ratio to H of the same run is the figure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { DIST_DIR } from '../server/app';
import { CACHE_DIR, prepareFixture, stopPg, type BenchDb, type Fixture } from './fixture';
import { kinds, luaScript, type Kind } from './spread';
import { loadWrk, runWrk, runWrkTracked, WRK, WRK_MISSING } from './wrk';
import { printResults, type Config, type MixedResult, type RowResult } from './report';

const list = (name: string, fallback: string) => (process.env[name] || fallback).split(',').map((s) => s.trim()).filter(Boolean);
const DBS = list('BENCH_DB', process.argv.includes('--pg') ? 'pg' : 'sqlite,pg') as BenchDb[];
const SIZES = list('BENCH_SIZES', '10000,100000,1000000').map(Number);
const WORKERS = list('BENCH_WORKERS', '1,2').map(Number);
const CACHES = list('BENCH_CACHE', 'on,off') as ('on' | 'off')[];
const ROWS = process.env.BENCH_ROWS ? list('BENCH_ROWS', '') : null;
const MIXED = process.env.BENCH_MIXED ?? '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const MIXED_CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 200);
const SQL = process.env.BENCH_SQL === '1';
const BUILT = fs.existsSync(path.join(DIST_DIR, 'storefront', 'index.html')) && fs.existsSync(path.join(DIST_DIR, 'ssr', 'entry-server.js'));

const t0 = Date.now();
const log = (s: string) => console.log(`[${`${((Date.now() - t0) / 1000).toFixed(0)} s`.padStart(6)}] ${s}`);

if (!WRK) {
  console.error(WRK_MISSING);
  process.exit(1);
}
if (!BUILT) log('dist/ has no built storefront and renderer: the server-rendered page rows are left out (npm run build)');

async function startServer(env: NodeJS.ProcessEnv, workers: number, cache: 'on' | 'off') {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DEMO: '0', ...env, BENCH_SERVER_WORKERS: String(workers) };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  if (cache === 'off') childEnv.RESPONSE_CACHE_MB = '0';
  delete childEnv.UPLOADS_DIR;
  // BENCH_PROF=<dir>: each server process writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROF)}`] : [];
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [], { execArgv: ['--import', 'tsx', ...prof], env: childEnv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [ports] = (await once(child, 'message')) as [{ apiPort: number; barePort: number }];
  return { child, app: `http://127.0.0.1:${ports.apiPort}`, bare: `http://127.0.0.1:${ports.barePort}/` };
}

const ask = <T>(child: ChildProcess, msg: object, key: string) =>
  new Promise<T>((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        child.off('message', on);
        resolve(m[key] as T);
      }
    };
    child.on('message', on);
    child.send(msg);
  });

async function runConfig(config: Config, fixture: Fixture, rows: Kind[], results: { rows: RowResult[]; mixed: MixedResult[] }) {
  const server = await startServer(fixture.env, config.workers, config.cache);
  const label = `${config.db} ${config.size} WORKERS=${config.workers} cache ${config.cache}`;
  try {
    const cpu = async () => {
      const c = await ask<NodeJS.CpuUsage>(server.child, { cpu: true }, 'cpu');
      return c.user + c.system;
    };
    const idle = () => ask(server.child, { idle: true }, 'idle');
    const script = (chosen: { kind: Kind; weight: number }[], track?: string) => luaScript(fixture, chosen, { track });
    /** H: req/s, and the server's CPU per answer of the bare route (µs). */
    const bare = async (seconds: number) => {
      const c0 = await cpu();
      const m = await loadWrk({ url: server.bare, method: 'GET' }, seconds, CONNECTIONS);
      return { rps: m.requests.average, cpuUs: ((await cpu()) - c0) / Math.max(1, m.requests.total) };
    };
    const hSeconds = Math.max(2, Math.round(SECONDS / 2));
    // Warm up: JIT, the page cache, the catalogue's caches (the tree, the params); not the spread's answers.
    await loadWrk({ url: server.bare, method: 'GET' }, 2, CONNECTIONS);
    const all = MIXED === 'only' ? [] : rows;
    for (const k of all) await runWrk(server.app, script([{ kind: k, weight: 1 }]), 1, CONNECTIONS);
    await idle();
    let before = await bare(hSeconds);
    for (const kind of all) {
      const c0 = await cpu();
      const m = await runWrk(server.app, script([{ kind, weight: 1 }]), SECONDS, CONNECTIONS);
      await idle();
      const cpuPerRequest = ((await cpu()) - c0) / Math.max(1, m.requests.total);
      const after = await bare(hSeconds);
      const h = (before.rps + after.rps) / 2;
      const hCpuUs = (before.cpuUs + after.cpuUs) / 2;
      before = after;
      const row: RowResult = {
        ...config,
        kind: kind.id,
        name: kind.name,
        rps: m.requests.average,
        h,
        ratio: m.requests.average / h,
        p50: m.latency.p50,
        p99: m.latency.p99,
        cpuUs: cpuPerRequest,
        hCpuUs,
        errors: m.errors,
      };
      const under = kind.goal && (row.ratio < kind.goal.ratio || (kind.goal.p99 !== undefined && row.p99 > kind.goal.p99));
      if (config.workers === 1 && (SQL || (under && config.size >= 1_000_000))) {
        await ask(server.child, { capture: true }, 'capturing');
        await runWrk(server.app, script([{ kind, weight: 1 }]), 1, CONNECTIONS);
        await idle();
        row.plans = await ask(server.child, { plans: true, top: 3 }, 'plans');
      }
      results.rows.push(row);
      log(
        `${label} ${kind.name}: ${row.rps.toFixed(0)} req/s = ${row.ratio.toFixed(3)} H (${h.toFixed(0)}), p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(0)} ms, ` +
          `${(cpuPerRequest / 1000).toFixed(2)} ms CPU = ${(hCpuUs / cpuPerRequest).toFixed(3)} H by CPU${row.errors ? `, ${row.errors} errors` : ''}`,
      );
    }
    if (MIXED !== '0') {
      const mixKinds = rows.filter((k) => k.mix > 0);
      const chosen = mixKinds.map((kind) => ({ kind, weight: kind.mix }));
      const bareMixed = () => runWrk(server.bare, '', 10, MIXED_CONNECTIONS, MIXED_CONNECTIONS);
      const hBefore = (await bareMixed()).requests.average;
      const c0 = await cpu();
      const m = await runWrkTracked(server.app, (dir) => script(chosen, dir), MIXED_SECONDS, MIXED_CONNECTIONS);
      await idle();
      const cpuPerRequest = ((await cpu()) - c0) / Math.max(1, m.requests.total);
      const hAfter = (await bareMixed()).requests.average;
      const h = (hBefore + hAfter) / 2;
      const mixed: MixedResult = {
        ...config,
        rps: m.requests.average,
        h,
        ratio: m.requests.average / h,
        p99: m.latency.p99,
        errors: m.errors,
        timeouts: m.timeouts,
        cpuUs: cpuPerRequest,
        kinds: chosen.map(({ kind }, i) => ({ kind: kind.id, name: kind.name, share: kind.mix, ...(m.kinds.get(i + 1) ?? { count: 0, p50: NaN, p99: NaN, max: NaN, errors: 0 }) })),
      };
      results.mixed.push(mixed);
      log(`${label} mixed: ${mixed.rps.toFixed(0)} req/s = ${mixed.ratio.toFixed(3)} H (${h.toFixed(0)} at ${MIXED_CONNECTIONS} connections), p99 ${mixed.p99.toFixed(0)} ms, ${mixed.errors} errors`);
      for (const k of mixed.kinds) log(`  ${k.name}: ${k.count} answers, p50 ${k.p50.toFixed(1)} ms, p99 ${k.p99.toFixed(0)} ms, max ${k.max.toFixed(0)} ms${k.errors ? `, ${k.errors} errors` : ''}`);
    }
  } finally {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit').catch(() => undefined);
  }
}

const results: { rows: RowResult[]; mixed: MixedResult[] } = { rows: [], mixed: [] };
const configs = DBS.length * SIZES.length * WORKERS.length * CACHES.length;
const rowCount = (ROWS?.length ?? 13) - (BUILT ? 0 : 2);
log(
  `${configs} server runs (${DBS.join(', ')} x ${SIZES.join(', ')} offers x WORKERS ${WORKERS.join(', ')} x cache ${CACHES.join(', ')}), ` +
    `about ${Math.round((configs * ((MIXED === 'only' ? 0 : rowCount * (SECONDS + Math.max(2, SECONDS / 2) + 1.5)) + (MIXED !== '0' ? MIXED_SECONDS + 22 : 0) + 8)) / 60)} min without generating catalogues; ` +
    `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`,
);
try {
  for (const db of DBS) {
    for (const size of SIZES) {
      const fixture = await prepareFixture(db, size, log);
      const rows = kinds(fixture, size).filter((k) => (!ROWS || ROWS.includes(k.id)) && (BUILT || !k.page));
      for (const workers of WORKERS) for (const cache of CACHES) await runConfig({ db, size, workers, cache }, fixture, rows, results);
    }
  }
} finally {
  stopPg();
}
const file = path.join(CACHE_DIR, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const commit = (() => {
  try {
    return `${execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()}${execSync('git status --porcelain', { encoding: 'utf8' }).trim() ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return '?';
  }
})();
fs.writeFileSync(file, JSON.stringify({ commit, command: process.argv.slice(1).join(' '), env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('BENCH_') || k === 'RESPONSE_CACHE_MB')), started: new Date(t0).toISOString(), loadavg: os.loadavg(), ...results }, null, 1));
printResults(results, { connections: CONNECTIONS, seconds: SECONDS, mixedConnections: MIXED_CONNECTIONS, mixedSeconds: MIXED_SECONDS });
log(`done at ${commit}; figures in ${file}`);
process.exit(0);
