/**
 * `npm run bench`: catalogue read throughput of the real server on a big shop, as ratios to a bare Fastify
 * route measured in the same run (absolute numbers depend on the machine; ratios much less).
 *
 * 1. A scratch SQLite database in a temp DATA_DIR gets 100 000 offers (bench/generate.ts: a 3-level category
 *    tree, select and number params in offer_params, the search index) written as the importer writes them.
 * 2. A child process (bench/server.ts) serves the real app (buildApp, API only, log silent) and a bare
 *    Fastify hello-world route on 127.0.0.1.
 * 3. autocannon (no pipelining) loads each scenario for BENCH_SECONDS after a short warm-up; the bare route
 *    is measured again after each scenario, and a scenario's ratio is to the baselines around it.
 * 4. For every API scenario the list query is captured, timed directly on the database and its
 *    EXPLAIN QUERY PLAN printed; a scenario under 5 % of the baseline is marked SLOW.
 *
 * No timed assertions: it prints, it never fails on numbers. Environment (all optional):
 * BENCH_OFFERS (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_WARMUP (1 s), BENCH_KEEP=1 keeps the data dir.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import type { DB } from '../server/db/types';
import { createStore } from '../server/features/stores/stores';
import { indexOffer, listOffers, type ListQuery } from '../server/features/catalogue/offers';
import { baseIdOf, generateCatalogue, SEARCH_WORD } from './generate';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const KEEP = process.env.BENCH_KEEP === '1';
const SLOW_RATIO = 0.05;

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const log = (s: string) => console.log(`[${elapsed().padStart(5)}] ${s}`);

interface Scenario {
  name: string;
  /** The HTTP request: GET of the bare route, or a urlencoded POST /api?api=offers. */
  body?: Record<string, string>;
  /** The same list as a service query, for EXPLAIN. */
  query?: ListQuery;
}

interface Measured {
  scenario: Scenario;
  /** The bare route's req/s this scenario is compared with. */
  baseline: number;
  reqPerSec: number;
  p99: number;
  errors: number;
  returned: number;
}

// ---- 1. the catalogue --------------------------------------------------------------------------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
const dbFile = path.join(dataDir, 'shop.db');
log(`data dir ${dataDir}; writing ${OFFERS} offers`);
const database = openDatabase({ databaseUrl: null, dataDir });
await migrate(database.db, database.dialect);
const storeId = await createStore(database.db, { name: 'Бенчмарк' });
let lastShown = 0;
const shape = await generateCatalogue(database, storeId, OFFERS, (n) => {
  if (n - lastShown >= 25_000 || n === OFFERS) {
    log(`  ${n} offers written`);
    lastShown = n;
  }
});
// The search index write every offer save and every imported offer makes (offers.ts indexOffer), at this size.
const writeTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  const id = String(1 + Math.floor((OFFERS * (i + 0.5)) / 5));
  const s = process.hrtime.bigint();
  await indexOffer(database.db, 'sqlite', storeId, id, `bench reindex ${id}`);
  writeTimes.push(Number(process.hrtime.bigint() - s) / 1e6);
}
writeTimes.sort((a, b) => a - b);
await database.close();
const bigCategory = [...shape.offersByTop].sort((a, b) => b[1] - a[1])[0];
log(`catalogue: ${shape.categories} categories (${shape.tops.length} top, ${shape.leaves.length} leaves), ${OFFERS} offers, ${(fs.statSync(dbFile).size / 1024 / 1024).toFixed(0)} MB`);
log(`big category: ${bigCategory[0]} with ${bigCategory[1]} offers in ${shape.leaves.length / shape.tops.length} leaves below it`);

// ---- 2. the server -----------------------------------------------------------------------------
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO: '0' };
delete env.DATABASE_URL;
delete env.UPLOADS_DIR;
const child = fork(path.join(import.meta.dirname, 'server.ts'), [], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const [ports] = (await once(child, 'message')) as [{ apiPort: number; barePort: number }];
const stopChild = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', stopChild);
log(`server pid ${child.pid}: api on 127.0.0.1:${ports.apiPort}, bare route on 127.0.0.1:${ports.barePort}`);

// ---- 3. scenarios ------------------------------------------------------------------------------
const colour = baseIdOf('Цвет');
const category = bigCategory[0];
const list = (extra: Partial<ListQuery>): ListQuery => ({ categoryId: category, page: 1, sort: 'default', filters: new Map(), ...extra });
const scenarios: Scenario[] = [
  { name: 'bare Fastify route (baseline)' },
  { name: `category ${category}, page 1`, body: { 'p[287_categoryId]': category, offset: '1' }, query: list({}) },
  { name: `category ${category}, page 200`, body: { 'p[287_categoryId]': category, offset: '200' }, query: list({ page: 200 }) },
  {
    name: `category ${category}, filter Цвет=3`,
    body: { 'p[287_categoryId]': category, offset: '1', [`filter[${colour}]`]: '3' },
    query: list({ filters: new Map([[colour, '3']]) }),
  },
  { name: `category ${category}, sort increase`, body: { 'p[287_categoryId]': category, offset: '1', sort: JSON.stringify('increase') }, query: list({ sort: 'increase' }) },
  { name: `category ${category}, sort discount`, body: { 'p[287_categoryId]': category, offset: '1', sort: JSON.stringify('discount') }, query: list({ sort: 'discount' }) },
  { name: `search "${SEARCH_WORD}", page 1`, body: { value: SEARCH_WORD, offset: '1' }, query: { page: 1, sort: 'default', filters: new Map(), word: SEARCH_WORD } },
];

const requestOf = (s: Scenario) =>
  s.body
    ? {
        url: `http://127.0.0.1:${ports.apiPort}/api?api=offers`,
        method: 'POST' as const,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(s.body).toString(),
      }
    : { url: `http://127.0.0.1:${ports.barePort}/`, method: 'GET' as const, headers: {} as Record<string, string>, body: undefined };

async function check(s: Scenario): Promise<number> {
  const r = requestOf(s);
  const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
  const json = (await res.json()) as { offers?: unknown[]; error?: unknown };
  if (res.status !== 200) throw new Error(`${s.name}: status ${res.status} ${JSON.stringify(json)}`);
  return s.body ? (json.offers?.length ?? -1) : 1;
}

function load(s: Scenario, seconds: number): Promise<autocannon.Result> {
  const r = requestOf(s);
  return autocannon({ ...r, connections: CONNECTIONS, pipelining: 1, duration: seconds });
}

// The load on a shared machine drifts: a short baseline after every API scenario, and each scenario's
// ratio is to the mean of the baselines measured just before and just after it.
const BASELINE_SECONDS = Math.max(2, Math.round(SECONDS / 3));
const results: Measured[] = [];
const baselines: number[] = [];
for (const s of scenarios) {
  const returned = await check(s);
  if (WARMUP > 0) await load(s, WARMUP);
  const r = await load(s, SECONDS);
  const m: Measured = { scenario: s, reqPerSec: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, returned, baseline: 0 };
  log(`${s.name}: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`);
  if (!s.body) {
    baselines.push(m.reqPerSec);
    m.baseline = m.reqPerSec;
  } else {
    const before = baselines[baselines.length - 1];
    const after = (await load(scenarios[0], BASELINE_SECONDS)).requests.average;
    baselines.push(after);
    log(`  baseline again: ${after.toFixed(0)} req/s`);
    m.baseline = (before + after) / 2;
  }
  results.push(m);
}
stopChild();

// ---- 4. the table ------------------------------------------------------------------------------
const ratio = (m: Measured) => m.reqPerSec / m.baseline;
const rows = results.map((m) => [
  m.scenario.name,
  m.reqPerSec.toFixed(0),
  `${m.p99} ms`,
  m.scenario.body ? m.baseline.toFixed(0) : '',
  ratio(m).toFixed(3),
  m.scenario.body ? String(m.returned) : '',
  m.errors ? String(m.errors) : '',
  m.scenario.body && ratio(m) < SLOW_RATIO ? 'SLOW' : '',
]);
const head = ['scenario', 'req/s', 'p99', 'baseline', 'ratio', 'offers', 'errors', ''];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log('');
console.log(`${OFFERS} offers, ${CONNECTIONS} connections, no pipelining, ${SECONDS} s per scenario, Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'}), load average ${os.loadavg()[0].toFixed(1)}`);
console.log(`baseline = the bare route measured just before and after the scenario (all baselines: ${Math.min(...baselines).toFixed(0)}–${Math.max(...baselines).toFixed(0)} req/s)`);
console.log(line(head));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));

// ---- 5. the queries behind the API scenarios ----------------------------------------------------
console.log('\nThe list query of each API scenario, timed directly on the database (median of 5) with its plan:');
const raw = new SQLite(dbFile, { readonly: true });
let captured: CompiledQuery[] = [];
const kysely = new Kysely<DB>({
  dialect: new SqliteDialect({ database: raw }),
  log: (e) => {
    if (e.level === 'query') captured.push(e.query);
  },
});
for (const m of results) {
  const q = m.scenario.query;
  if (!q) continue;
  captured = [];
  await listOffers(kysely, 'sqlite', storeId, q);
  const compiled = captured.filter((c) => /from "offers" as "o"/.test(c.sql)).pop();
  if (!compiled) continue;
  const stmt = raw.prepare(compiled.sql);
  const params = compiled.parameters as unknown[];
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = process.hrtime.bigint();
    stmt.all(...params);
    times.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  times.sort((a, b) => a - b);
  const slow = ratio(m) < SLOW_RATIO;
  console.log(`\n${slow ? 'SLOW ' : ''}${m.scenario.name}: ${times[2].toFixed(2)} ms per query`);
  if (slow || process.env.BENCH_SQL === '1') console.log(`  ${compiled.sql}\n  params: ${JSON.stringify(params)}`);
  const plan = raw.prepare(`explain query plan ${compiled.sql}`).all(...params) as { id: number; parent: number; detail: string }[];
  const depth = new Map<number, number>([[0, 0]]);
  for (const p of plan) {
    depth.set(p.id, (depth.get(p.parent) ?? 0) + 1);
    console.log(`  ${'  '.repeat(depth.get(p.id)! - 1)}${p.detail}`);
  }
}

// The write side: one search index update (every offer save, every offer of a YML import).
const indexPlan = raw.prepare('explain query plan delete from offer_search where store_id = ? and offer_id = ?').all(storeId, '1') as { detail: string }[];
const perWrite = writeTimes[2];
console.log(`\n${perWrite > 5 ? 'SLOW ' : ''}search index update of one offer (offers.ts indexOffer) at ${OFFERS} offers: ${perWrite.toFixed(2)} ms`);
console.log(`  delete from offer_search where store_id = ? and offer_id = ?: ${indexPlan.map((p) => p.detail).join(' / ')}`);
if (perWrite > 5) console.log(`  it grows with the catalogue: importing ${OFFERS} new offers spends about ${((perWrite * OFFERS) / 2 / 1000 / 60).toFixed(0)} min in it`);
await kysely.destroy();

if (KEEP) log(`kept ${dataDir}`);
else fs.rmSync(dataDir, { recursive: true, force: true });
log('done');
