/**
 * `npm test`: every check, in order, stopping at the first failing stage.
 *
 *   1. types        tsc --noEmit -p tsconfig.json
 *   1b. deps        dependency-cruiser with .dependency-cruiser.cjs: no import cycles and the layer rules;
 *                   one test per rule (a rule with an error-level violation fails), warnings are printed
 *   2. build        tsx scripts/build.ts (every app whose vite config exists; the unit stage's bundle
 *                   budget reads it)
 *   3. unit         vitest --project unit
 *   4. server       vitest --project server on SQLite (a temp file per test file)
 *   5. server (pg)  the same on PostgreSQL: DATABASE_URL if set, else a throwaway cluster (scripts/pg.ts)
 *                   when the server binaries are installed, else skipped with a message
 *   6. docs         docs/checkFeatures.ts (every FEATURES.md row names tests that exist) and docs/checkApi.ts
 *                   (every curl example of API.md against a fresh demo server); one test each
 *   7. e2e          playwright test in Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH); without it
 *                   the stage fails when CI=true and is skipped otherwise; no spec found is a failure
 *
 * The last line printed is `N passed, N failed[, N skipped]` over all stages' tests.
 * Environment: TEST_STAGES=types,unit,... runs only those stages (for a quick local loop).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPgBin, startPg, type PgCluster } from './pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const CI = process.env.CI === 'true' || process.env.CI === '1';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
interface StageResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  ms: number;
  counts?: Counts;
  note?: string;
}

const results: StageResult[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-npm-test-'));
let pg: PgCluster | null = null;

const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const banner = (s: string) => console.log(`\n${bold(`━━ ${s} ${'━'.repeat(Math.max(0, 70 - s.length))}`)}`);

/** Runs a command with inherited stdio; resolves with its exit code. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (e) => {
      console.error(`cannot run ${cmd}: ${e.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 1) : 1));
    });
  });
}

/** Counts of a vitest JSON report (null when it was not written, e.g. a crash before the run). */
function vitestCounts(file: string): Counts | null {
  if (!fs.existsSync(file)) return null;
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    // A file that fails outside any test (an import error, a failing beforeAll) counts as one failure.
    const brokenFiles = ((r.testResults ?? []) as { status: string; assertionResults?: { status: string }[] }[]).filter(
      (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + brokenFiles, skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) };
  } catch {
    return null;
  }
}

/** Counts of a Playwright JSON report: flaky tests passed on retry. */
function playwrightCounts(file: string): Counts | null {
  if (!fs.existsSync(file)) return null;
  try {
    const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats ?? {};
    return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
  } catch {
    return null;
  }
}

async function stage(name: string, body: () => Promise<Omit<StageResult, 'name' | 'ms'>>): Promise<boolean> {
  banner(name);
  const started = Date.now();
  let result: Omit<StageResult, 'name' | 'ms'>;
  try {
    result = await body();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    result = { status: 'failed', note: e instanceof Error ? e.message.split('\n')[0] : String(e) };
  }
  const r = { name, ms: Date.now() - started, ...result };
  results.push(r);
  const took = `${(r.ms / 1000).toFixed(1)} s`;
  console.log(bold(`${r.status === 'passed' ? '✓' : r.status === 'skipped' ? '-' : '✗'} ${name}: ${r.status} in ${took}${r.note ? ` (${r.note})` : ''}`));
  return r.status !== 'failed';
}

/** A stage whose exit code decides, with optional test counts from a report file. */
async function commandStage(cmd: string, args: string[], env?: NodeJS.ProcessEnv, counts?: () => Counts | null) {
  const code = await run(cmd, args, env);
  const c = counts?.() ?? undefined;
  if (code !== 0) {
    // A failure that produced no failed test (types, build, a crash) still counts as one failure.
    const withFailure = c ? { ...c, failed: Math.max(c.failed, 1) } : { passed: 0, failed: 1, skipped: 0 };
    return { status: 'failed' as const, counts: withFailure, note: `exit code ${code}` };
  }
  return { status: 'passed' as const, counts: c };
}

const vitest = (project: string, env: NodeJS.ProcessEnv, report: string) =>
  commandStage(path.join(BIN, 'vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env, () => vitestCounts(report));

/** The environment of a server-test run: TEST_DATABASE_URL only when given. */
function serverEnv(databaseUrl: string | null): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  if (databaseUrl) env.TEST_DATABASE_URL = databaseUrl;
  return env;
}

/** The folders dependency-cruiser reads: every folder of ours with code. */
const CODE_FOLDERS = ['schemas', 'i18n', 'dataProvider', 'storefront', 'admin', 'server', 'e2e', 'bench', 'scripts', 'docs'];

interface Violation {
  from: string;
  to: string;
  cycle?: { name: string }[];
  rule: { name: string; severity: string };
}

/** dependency-cruiser over the code: each forbidden rule of .dependency-cruiser.cjs counts as one test. */
async function depsStage(): Promise<Omit<StageResult, 'name' | 'ms'>> {
  const report = path.join(tmp, 'deps.json');
  const code = await run(path.join(BIN, 'depcruise'), ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--output-to', report, ...CODE_FOLDERS]);
  if (!fs.existsSync(report)) return { status: 'failed', counts: { passed: 0, failed: 1, skipped: 0 }, note: `depcruise exit code ${code}, no report` };
  const summary = JSON.parse(fs.readFileSync(report, 'utf8')).summary as { violations: Violation[]; totalCruised: number; ruleSetUsed: { forbidden: { name: string }[] } };
  const rules = summary.ruleSetUsed.forbidden.map((r) => r.name);
  const broken = new Set<string>();
  for (const v of summary.violations) {
    const path = v.cycle?.length ? [v.from, ...v.cycle.map((c) => c.name)].join(' → ') : `${v.from} → ${v.to}`;
    console.log(`${v.rule.severity === 'error' ? '✗' : '!'} ${v.rule.severity} ${v.rule.name}: ${path}`);
    if (v.rule.severity === 'error') broken.add(v.rule.name);
  }
  const counts = { passed: rules.filter((r) => !broken.has(r)).length, failed: broken.size, skipped: 0 };
  console.log(`${summary.totalCruised} modules, ${rules.length} rules: ${counts.passed} hold, ${counts.failed} broken`);
  return { status: counts.failed || code !== 0 ? 'failed' : 'passed', counts, note: counts.failed ? `broken: ${[...broken].join(', ')}` : undefined };
}

const chromium = () => {
  const p = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return fs.existsSync(p) ? p : null;
};

const STAGES = ['types', 'deps', 'build', 'unit', 'server', 'server-pg', 'docs', 'e2e'] as const;
const wanted = new Set(
  (process.env.TEST_STAGES ?? STAGES.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const s of wanted) if (!(STAGES as readonly string[]).includes(s)) throw new Error(`TEST_STAGES: unknown stage ${s}; stages are ${STAGES.join(', ')}`);

async function main(): Promise<boolean> {
  if (wanted.has('types') && !(await stage('types (tsc --noEmit)', () => commandStage(path.join(BIN, 'tsc'), ['--noEmit', '-p', 'tsconfig.json'])))) return false;

  if (wanted.has('deps') && !(await stage('deps (dependency-cruiser)', depsStage))) return false;

  // The apps are built before the unit tests: the bundle budget (storefront/bundle.test.ts) reads the build.
  if (wanted.has('build') && !(await stage('build (tsx scripts/build.ts)', () => commandStage(path.join(BIN, 'tsx'), ['scripts/build.ts'])))) return false;

  if (wanted.has('unit') && !(await stage('unit (vitest --project unit)', () => vitest('unit', process.env, path.join(tmp, 'unit.json'))))) return false;

  if (wanted.has('server') && !(await stage('server on SQLite (vitest --project server)', () => vitest('server', serverEnv(null), path.join(tmp, 'server-sqlite.json'))))) return false;

  if (wanted.has('server-pg')) {
    const ok = await stage('server on PostgreSQL (vitest --project server)', async () => {
      let url = process.env.DATABASE_URL || null;
      if (url && !/^postgres(ql)?:\/\//.test(url)) throw new Error(`DATABASE_URL is not a postgres:// URL: ${url}`);
      if (url) console.log('PostgreSQL from DATABASE_URL');
      else if (findPgBin()) {
        pg = await startPg({ log: (l) => console.log(l) });
        url = pg.url;
      } else {
        console.log(bold('PostgreSQL run SKIPPED: no DATABASE_URL and no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb).'));
        console.log('Install the Debian package postgresql, or set DATABASE_URL=postgres://..., to run the server tests on PostgreSQL too.');
        return { status: 'skipped' as const, note: 'no PostgreSQL available' };
      }
      try {
        return await vitest('server', serverEnv(url), path.join(tmp, 'server-pg.json'));
      } finally {
        pg?.stop();
        pg = null;
      }
    });
    if (!ok) return false;
  }

  if (wanted.has('docs')) {
    const ok = await stage('docs (checkFeatures, checkApi)', async () => {
      // Each check is one test: the documents must match the code (rows name real tests, curl examples answer as shown).
      const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
      for (const script of ['docs/checkFeatures.ts', 'docs/checkApi.ts']) {
        console.log(`tsx ${script}`);
        const code = await run(path.join(BIN, 'tsx'), [script]);
        if (code === 0) counts.passed++;
        else counts.failed++;
      }
      return { status: counts.failed ? ('failed' as const) : ('passed' as const), counts };
    });
    if (!ok) return false;
  }

  if (wanted.has('e2e')) {
    const ok = await stage('e2e (playwright test)', async () => {
      const browser = chromium();
      if (!browser) {
        const msg = `no Chromium at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'} (install the Debian package chromium or set CHROMIUM_PATH)`;
        if (CI) {
          console.error(`e2e FAILED: ${msg}; CI=true requires the browser suite.`);
          return { status: 'failed' as const, counts: { passed: 0, failed: 1, skipped: 0 }, note: msg };
        }
        console.log(bold(`e2e SKIPPED: ${msg}.`));
        return { status: 'skipped' as const, note: 'no Chromium' };
      }
      const report = path.join(tmp, 'e2e.json');
      const env = { ...process.env, CHROMIUM_PATH: browser, PLAYWRIGHT_JSON_OUTPUT_NAME: report, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
      return commandStage(path.join(BIN, 'playwright'), ['test', '--reporter=list,json'], env, () => playwrightCounts(report));
    });
    if (!ok) return false;
  }
  return true;
}

function summary(ok: boolean) {
  banner('summary');
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const r of results) {
    const c = r.counts;
    if (c) (total.passed += c.passed), (total.failed += c.failed), (total.skipped += c.skipped);
    const counts = c ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}` : '';
    console.log(`${r.name.padEnd(48)} ${r.status.padEnd(8)} ${`${(r.ms / 1000).toFixed(1)} s`.padStart(8)}  ${counts}${r.note ? `  (${r.note})` : ''}`);
  }
  const notRun = wanted.size - results.length;
  if (!ok && notRun > 0) console.log(`stopped at the first failing stage; ${notRun} stage(s) not run`);
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
}

const cleanup = () => {
  pg?.stop();
  pg = null;
  fs.rmSync(tmp, { recursive: true, force: true });
};
process.once('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    cleanup();
    process.exit(130);
  });
}

const ok = await main().catch((e) => {
  console.error(e);
  return false;
});
summary(ok);
cleanup();
process.exit(ok ? 0 : 1);
