/**
 * `npm run bench:ssr`: the HTML of a list page (index.html with the shop inlined, the page's title, meta
 * tags, JSON-LD and noscript content: server/features/seo) against the same list as api=offers JSON and a
 * bare Fastify route H, on a generated shop (bench/generate.ts). Needs `npm run build` (dist/storefront).
 * Prints req/s and ratios, the list page's HTML against the api list (goal >= 0.70, issue 13) and the page's
 * size; never fails on numbers. Both go with a browser's Accept-Encoding (a kept page and answer are sent
 * in the bytes compressed once for them). The load comes from wrk when it is installed (bench/wrk.ts: autocannon's
 * rate falls with the answer's size, so it measured itself), else autocannon; the server's CPU time a request is
 * printed beside, a figure the machine's load moves less. BENCH_OFFERS (20000), BENCH_SECONDS (8), BENCH_CONNECTIONS (10).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { createStore } from '../server/features/stores/stores';
import { generateCatalogue } from './generate';
import { loadWrk, WRK } from './wrk';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

if (!fs.existsSync(path.join(import.meta.dirname, '..', 'dist', 'storefront', 'index.html'))) throw new Error('run npm run build first');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-ssr-'));
const database = openDatabase({ databaseUrl: null, dataDir });
await migrate(database.db, database.dialect);
const storeId = await createStore(database.db, { name: 'Бенчмарк' });
const shape = await generateCatalogue(database, storeId, OFFERS);
await database.close();
const category = [...shape.offersByTop].sort((a, b) => b[1] - a[1])[0][0];
console.log(`${OFFERS} offers; list page of category ${category}`);

const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO: '0' };
delete env.DATABASE_URL;
delete env.UPLOADS_DIR;
const child = fork(path.join(import.meta.dirname, 'ssrServer.ts'), [], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const [ports] = (await once(child, 'message')) as [{ appPort: number; barePort: number }];
process.on('exit', () => child.exitCode === null && child.kill('SIGTERM'));

const app = `http://127.0.0.1:${ports.appPort}`;
const scenarios: { name: string; url: string; method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }[] = [
  { name: 'bare route H', url: `http://127.0.0.1:${ports.barePort}/`, method: 'GET' },
  { name: 'api=offers list (JSON)', url: `${app}/api?api=offers`, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip, deflate, br' }, body: new URLSearchParams({ 'p[287_categoryId]': category, offset: '1' }).toString() },
  { name: 'list page HTML', url: `${app}/category/${category}/1`, method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br' } },
];
const html = await (await fetch(scenarios[2].url)).text();
if (!html.includes('application/ld+json')) throw new Error('the list page has no JSON-LD: is this branch built?');
const shopData = /<script id="shop-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
// The bytes on the wire with brotli (fetch would decompress them).
const sent = await new Promise<number>((done, fail) =>
  http.get(scenarios[2].url, { headers: { 'accept-encoding': 'br' } }, (res) => {
    let n = 0;
    res.on('data', (c: Buffer) => (n += c.length)).on('end', () => done(n)).on('error', fail);
  }),
);
console.log(`list page HTML: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB (#shop-data ${(Buffer.byteLength(shopData) / 1024).toFixed(1)} KB), ${(sent / 1024).toFixed(1)} KB sent with brotli`);

/** The server process's CPU time so far (µs); the bare route runs in the same process. */
const cpuNow = async () => {
  child.send({ cpu: true });
  const [m] = (await once(child, 'message')) as [{ cpu: NodeJS.CpuUsage }];
  return m.cpu.user + m.cpu.system;
};
const rows: [string, number, number, number][] = [];
console.log(`load generator: ${WRK ? 'wrk' : 'autocannon (install wrk: the rate of autocannon falls with the answer size, bench/wrk.ts)'}`);
for (const s of scenarios) {
  await autocannon({ ...s, connections: CONNECTIONS, duration: 1 });
  const c0 = await cpuNow();
  const r = WRK ? await loadWrk(s, SECONDS, CONNECTIONS) : await autocannon({ ...s, connections: CONNECTIONS, duration: SECONDS });
  const cpu = ((await cpuNow()) - c0) / Math.max(1, r.requests.total);
  rows.push([s.name, r.requests.average, r.latency.p99, cpu]);
  console.log(`${s.name}: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, ${cpu.toFixed(0)} µs of server CPU a request${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`);
}
const h = rows[0][1];
console.log('\nscenario                  req/s   ratio to H   ratio to the api list   CPU µs   CPU ratio to the api list');
for (const [name, rps, , cpu] of rows)
  console.log(`${name.padEnd(24)} ${rps.toFixed(0).padStart(6)}   ${(rps / h).toFixed(3).padStart(10)}   ${(rps / rows[1][1]).toFixed(3).padStart(21)}   ${cpu.toFixed(0).padStart(6)}   ${(rows[1][3] / cpu).toFixed(3).padStart(10)}`);
console.log(
  `\nhtml/api ratio: ${(rows[2][1] / rows[1][1]).toFixed(3)} by req/s, ${(rows[1][3] / rows[2][3]).toFixed(3)} by server CPU a request (goal >= 0.70); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
);
child.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });
