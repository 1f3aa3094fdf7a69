/**
 * `npm run lighthouse`: Lighthouse 12 (default mobile throttling) on the home page, a category list and an
 * item page of the demo shop, served by the real server from dist/ (run `npm run build` first) in a temp
 * DATA_DIR. Prints Performance, LCP, CLS and TBT per page; never fails on numbers.
 * LIGHTHOUSE_URL=http://host:port measures a running server instead. CHROMIUM_PATH (/usr/bin/chromium).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../server/lib/freePort';

const ROOT = path.resolve(import.meta.dirname, '..');
const PAGES = [
  ['home', '/'],
  ['category list', '/category/1/1'],
  ['item', '/category/1-11/item/1003'],
] as const;

let child: ChildProcess | null = null;
let dataDir: string | null = null;
let base = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
if (!base) {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', DEMO: '1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: 'inherit' });
  base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  console.log('page            Performance   LCP       CLS     TBT');
  for (const [name, url] of PAGES) {
    const result = await lighthouse(`${base}${url}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    const lhr = result!.lhr;
    const a = (id: string) => lhr.audits[id];
    console.log(
      `${name.padEnd(15)} ${String(Math.round((lhr.categories.performance.score ?? 0) * 100)).padStart(11)}   ` +
        `${((a('largest-contentful-paint').numericValue ?? 0) / 1000).toFixed(2).padStart(5)} s   ` +
        `${(a('cumulative-layout-shift').numericValue ?? 0).toFixed(3)}   ${Math.round(a('total-blocking-time').numericValue ?? 0)} ms`,
    );
  }
} finally {
  chrome.kill();
  child?.kill('SIGTERM');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
