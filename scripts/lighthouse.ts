/**
 * `npm run lighthouse`: Lighthouse 12 (default mobile throttling) on the home page, a category list and an
 * item page of the demo shop, served by the real server from dist/ (run `npm run build` first) in a temp
 * DATA_DIR. Each page is measured `--runs=N` times (LIGHTHOUSE_RUNS, default 5) and the median of each figure
 * printed (Performance, LCP, CLS, TBT) with the range of the scores and TBTs, which says how noisy the machine
 * was; never fails on numbers.
 * LIGHTHOUSE_URL=http://host:port measures a running server instead. CHROMIUM_PATH (/usr/bin/chromium).
 *
 * A big catalogue too: `npm run lighthouse -- --shop=<dir>` (or LIGHTHOUSE_SHOP=<dir>), where <dir> is a
 * SQLite DATA_DIR holding shop.db, e.g. a generated bench shop (/tmp/shop-bench/sqlite_v2_100000, made by
 * bench/generate.ts through `npm run bench`). Its shop.db is copied into a temp DATA_DIR (the original is
 * never opened for writing), and the same three pages of that shop are measured after the demo's: the home
 * page, the first top category's list and the first offer's item page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../server/lib/freePort';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEMO_PAGES: [string, string][] = [
  ['home', '/'],
  ['category list', '/category/1/1'],
  ['item', '/category/1-11/item/1003'],
];
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? process.env.LIGHTHOUSE_RUNS ?? 5);
const shopDir = process.argv.find((a) => a.startsWith('--shop='))?.slice('--shop='.length) ?? process.env.LIGHTHOUSE_SHOP;

const children: ChildProcess[] = [];
const dataDirs: string[] = [];

/** The real server on a temp DATA_DIR (the demo shop, or a copy of `shop`'s shop.db); its base URL. */
async function startServer(shop?: string): Promise<string> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
  dataDirs.push(dataDir);
  if (shop) for (const f of ['shop.db', 'shop.db-wal']) if (fs.existsSync(path.join(shop, f))) fs.copyFileSync(path.join(shop, f), path.join(dataDir, f));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', DEMO: shop ? '0' : '1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.UPLOADS_DIR;
  children.push(spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: 'inherit' }));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return base;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A big shop's three pages: the home page, its first top category's list, its first offer's item page. */
function pagesOf(shop: string): [string, string][] {
  const db = new Database(path.join(shop, 'shop.db'), { readonly: true, fileMustExist: true });
  try {
    const parents = new Map((db.prepare('SELECT id, parent_id FROM categories WHERE store_id = 1').all() as { id: string; parent_id: string }[]).map((c) => [c.id, c.parent_id]));
    const pathOf = (id: string) => {
      const ids: string[] = [];
      for (let c: string | undefined = id; c && c !== '0' && ids.length < 20; c = parents.get(c)) ids.unshift(c);
      return ids.join('-');
    };
    const top = (db.prepare("SELECT id FROM categories WHERE store_id = 1 AND parent_id = '0' ORDER BY sort, id LIMIT 1").get() as { id: string }).id;
    const offer = db.prepare('SELECT id, category_id FROM offers WHERE store_id = 1 ORDER BY rowid LIMIT 1').get() as { id: string; category_id: string };
    const offers = (db.prepare('SELECT count(*) AS n FROM offers WHERE store_id = 1').get() as { n: number }).n;
    console.log(`\n${shop}: ${offers} offers`);
    return [
      ['home', '/'],
      ['category list', `/category/${top}/1`],
      ['item', `/category/${pathOf(offer.category_id)}/item/${encodeURIComponent(offer.id)}`],
    ];
  } finally {
    db.close();
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function measure(base: string, pages: [string, string][]) {
  console.log(`page            Performance   LCP       CLS     TBT      (median of ${RUNS}; score and TBT ranges)   url`);
  for (const [name, url] of pages) {
    const runs: { score: number; lcp: number; cls: number; tbt: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}${url}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
      const lhr = result!.lhr;
      const a = (id: string) => lhr.audits[id].numericValue ?? 0;
      runs.push({ score: Math.round((lhr.categories.performance.score ?? 0) * 100), lcp: a('largest-contentful-paint') / 1000, cls: a('cumulative-layout-shift'), tbt: Math.round(a('total-blocking-time')) });
    }
    const m = (k: keyof (typeof runs)[0]) => median(runs.map((r) => r[k]));
    const range = (k: 'score' | 'tbt') => `${Math.min(...runs.map((r) => r[k]))}-${Math.max(...runs.map((r) => r[k]))}`;
    console.log(
      `${name.padEnd(15)} ${String(m('score')).padStart(11)}   ${m('lcp').toFixed(2).padStart(5)} s   ${m('cls').toFixed(3)}   ${String(m('tbt')).padStart(4)} ms   ` +
        `(${range('score')}; ${range('tbt')} ms)   ${url}`,
    );
  }
}

try {
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await measure(process.env.LIGHTHOUSE_URL?.replace(/\/$/, '') ?? (await startServer()), DEMO_PAGES);
  if (shopDir) {
    const pages = pagesOf(shopDir);
    await measure(await startServer(shopDir), pages);
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  chrome.kill();
  for (const c of children) c.kill('SIGTERM');
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
}
