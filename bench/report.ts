/** The tables `npm run bench` (bench/catalogue.ts) prints at the end, with the issue's goals beside the figures. */
import os from 'node:os';
import type { BenchDb } from './fixture';

export interface Config {
  db: BenchDb;
  size: number;
  workers: number;
  cache: 'on' | 'off';
}
export interface Plan {
  sql: string;
  params: unknown[];
  ms: number;
  count: number;
  avg: number;
  plan: string[];
}
export interface RowResult extends Config {
  kind: string;
  name: string;
  rps: number;
  /** H: the bare route's req/s around this row. */
  h: number;
  ratio: number;
  p50: number;
  p99: number;
  /** The server's CPU time per answer (µs, all its processes). */
  cpuUs: number;
  /** The same for H's answers around it. */
  hCpuUs: number;
  errors: number;
  plans?: Plan[];
}
export interface MixedResult extends Config {
  rps: number;
  h: number;
  ratio: number;
  p99: number;
  errors: number;
  timeouts: number;
  cpuUs: number;
  kinds: { kind: string; name: string; share: number; count: number; p50: number; p99: number; max: number; errors: number }[];
}

/** The issue's goals (at 1M, spread keys, cache as shipped, -c50). */
const GOALS: Record<string, { ratio: number; p99?: number }> = {
  leaf: { ratio: 0.15 },
  top: { ratio: 0.15 },
  item: { ratio: 0.2 },
  cart: { ratio: 0.2 },
  search: { ratio: 0.05, p99: 250 },
  search2: { ratio: 0.05, p99: 250 },
  page: { ratio: 0.05 },
  itempage: { ratio: 0.05 },
};

const fmtSize = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
const dbName = (db: BenchDb) => (db === 'pg' ? 'PostgreSQL' : 'SQLite');
const ms = (v: number) => (Number.isNaN(v) ? '' : v < 10 ? `${v.toFixed(1)} ms` : `${v.toFixed(0)} ms`);

function table(head: string[], body: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of body) console.log(line(r));
}

export function printResults(results: { rows: RowResult[]; mixed: MixedResult[] }, o: { connections: number; seconds: number; mixedConnections: number; mixedSeconds: number }) {
  const { rows, mixed } = results;
  console.log(`\nwrk, keys drawn at random per request; ${o.connections} connections, ${o.seconds} s a row; Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'}), load average now ${os.loadavg()[0].toFixed(1)}`);
  console.log('×H = req/s over the bare Fastify route H measured right before and after the row in the same server process(es); CPU ms = server CPU per answer;');
  console.log('CPU ×H = H\'s server CPU per answer over the row\'s: the ratio where the server has its cores to itself (a shared machine moves req/s far more)');
  const groups = new Map<string, RowResult[]>();
  for (const r of rows) {
    const key = `${r.db}|${r.workers}|${r.size}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [key, list] of groups) {
    const [db, workers, size] = key.split('|');
    const hs = list.map((r) => r.h);
    console.log(`\n${dbName(db as BenchDb)}, ${fmtSize(Number(size))} offers, WORKERS=${workers} (H ${Math.min(...hs).toFixed(0)}–${Math.max(...hs).toFixed(0)} req/s)`);
    const names = [...new Set(list.map((r) => r.kind))];
    const body = names.map((kind) => {
      const on = list.find((r) => r.kind === kind && r.cache === 'on');
      const off = list.find((r) => r.kind === kind && r.cache === 'off');
      const goal = GOALS[kind];
      const cells = (r?: RowResult) => (r ? [r.ratio.toFixed(3), ms(r.p50), ms(r.p99), (r.cpuUs / 1000).toFixed(2), (r.hCpuUs / r.cpuUs).toFixed(3)] : ['', '', '', '', '']);
      const verdict: string[] = [];
      if (goal && Number(size) >= 1_000_000 && on) {
        if (on.ratio < goal.ratio) verdict.push('under goal');
        if (goal.p99 !== undefined && on.p99 > goal.p99) verdict.push('p99 over goal');
      }
      if (on && off && off.ratio < on.ratio / 2) verdict.push('off < half');
      return [
        (on ?? off)!.name,
        goal ? `${goal.ratio}${goal.p99 ? `, ${goal.p99} ms` : ''}` : '',
        ...cells(on),
        ...cells(off),
        on && off ? (off.ratio / on.ratio).toFixed(2) : '',
        String((on?.errors ?? 0) + (off?.errors ?? 0) || ''),
        verdict.join(', '),
      ];
    });
    table(['request', 'goal ×H', 'cache ×H', 'p50', 'p99', 'CPU ms', 'CPU ×H', 'off ×H', 'p50', 'p99', 'CPU ms', 'CPU ×H', 'off/on', 'errors', ''], body);
  }

  for (const m of mixed) {
    console.log(
      `\nMixed run, ${dbName(m.db)}, ${fmtSize(m.size)} offers, WORKERS=${m.workers}, cache ${m.cache === 'on' ? 'as shipped' : 'off'}: ${m.rps.toFixed(0)} req/s = ${m.ratio.toFixed(3)} H (H ${m.h.toFixed(0)} at ${o.mixedConnections} connections), ` +
        `${o.mixedConnections} connections for ${o.mixedSeconds} s, p99 ${ms(m.p99)}, ${m.errors} errors (${m.timeouts} timeouts), ${(m.cpuUs / 1000).toFixed(2)} ms CPU an answer`,
    );
    const total = m.kinds.reduce((a, k) => a + k.count, 0);
    table(
      ['kind', 'share', 'answers', 'p50', 'p99', 'max', 'errors', 'goal'],
      m.kinds.map((k) => [k.name, `${k.share} % (${((100 * k.count) / Math.max(1, total)).toFixed(1)} %)`, String(k.count), ms(k.p50), ms(k.p99), ms(k.max), String(k.errors), k.p99 > 300 || k.errors ? 'p99 <= 300 ms, 0 errors: NOT MET' : '']),
    );
  }

  const dbs = new Set(rows.map((r) => r.db));
  if (dbs.size === 2) {
    console.log('\nPostgreSQL / SQLite (×H of the same row, same workers and cache; goal >= 0.5 at 100k and 1M)');
    const body: string[][] = [];
    for (const r of rows.filter((x) => x.db === 'pg')) {
      const s = rows.find((x) => x.db === 'sqlite' && x.kind === r.kind && x.size === r.size && x.workers === r.workers && x.cache === r.cache);
      if (s) body.push([r.name, fmtSize(r.size), String(r.workers), r.cache, (r.ratio / s.ratio).toFixed(2), r.size >= 100_000 && r.ratio / s.ratio < 0.5 ? 'under goal' : '']);
    }
    table(['request', 'size', 'WORKERS', 'cache', 'pg/sqlite', ''], body);
  }
  const pairs = mixed.filter((m) => m.workers === 1).flatMap((one) => mixed.filter((two) => two.workers === 2 && two.db === one.db && two.size === one.size && two.cache === one.cache).map((two) => [one, two] as const));
  if (pairs.length) {
    console.log('\nWORKERS=2 / WORKERS=1 on the mixed run (req/s; goal >= 1.6)');
    table(
      ['database', 'size', 'cache', 'WORKERS=1', 'WORKERS=2', '×', 'H ×'],
      pairs.map(([one, two]) => [dbName(one.db), fmtSize(one.size), one.cache, one.rps.toFixed(0), two.rps.toFixed(0), (two.rps / one.rps).toFixed(2), (two.h / one.h).toFixed(2)]),
    );
  }

  const withPlans = rows.filter((r) => r.plans?.length);
  if (withPlans.length) console.log('\nThe slowest queries of rows under their goal at 1M (BENCH_SQL=1: of every row), with their plans:');
  for (const r of withPlans) {
    console.log(`\n${dbName(r.db)} ${fmtSize(r.size)} cache ${r.cache}, ${r.name}: ${r.ratio.toFixed(3)} H, p99 ${ms(r.p99)}`);
    for (const p of r.plans!) {
      console.log(`  ${p.ms.toFixed(1)} ms at most, ${p.avg.toFixed(1)} ms on average, ${p.count}x: ${p.sql.length > 400 ? `${p.sql.slice(0, 400)}…` : p.sql}`);
      for (const l of p.plan) console.log(`      ${l}`);
    }
  }
}
