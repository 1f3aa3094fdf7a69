/**
 * Runs every curl example of docs/API.md against a fresh demo server and checks each answer.
 *
 *   npx tsx docs/checkApi.ts            run them all; exit 1 if any example fails
 *   npx tsx docs/checkApi.ts --print    also print every response (to refresh the samples in API.md)
 *
 * An example is a ```sh block whose first line is `# → <status>` (optionally `keep: NAME=.json.path ...`,
 * the values later examples use as $NAME). The block holds one curl command; it runs in bash from the
 * repository root with $SHOP and the kept values set. A ```json block right after it is its sample answer:
 * every key the sample shows must be in the real answer (values are not compared; "…" keys are skipped).
 * $CODE is the last sign-in code the server logged ("sms to <phone>: … <code>").
 *
 * The server is the real one (node server/main.ts) on a temp DATA_DIR with the demo shop, plus a fake
 * card acquirer on 127.0.0.1 (ACQUIRING_URL) so api=sber works offline. The demo places are opened all
 * week, all day, so the order examples do not depend on the clock.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { freePort } from '../server/lib/freePort';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC = path.join(ROOT, 'docs', 'API.md');
const PRINT = process.argv.includes('--print');

interface Example {
  line: number;
  status: number;
  keep: [string, string][];
  command: string;
  sample: unknown;
  title: string;
}

function parseDoc(text: string): Example[] {
  const lines = text.split('\n');
  const out: Example[] = [];
  let title = '';
  for (let i = 0; i < lines.length; i++) {
    if (/^#{2,4} /.test(lines[i])) title = lines[i].replace(/^#+ /, '');
    if (lines[i].trim() !== '```sh') continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i].trim() !== '```'; i++) body.push(lines[i]);
    const head = /^# → (\d{3})(?:.*?keep: (.*))?$/.exec(body[0] ?? '');
    if (!head) continue;
    const keep = (head[2] ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((k) => k.split('=') as [string, string]);
    let sample: unknown = undefined;
    let j = i + 1;
    while (j < lines.length && lines[j].trim() === '') j++;
    if (lines[j]?.trim() === '```json') {
      const json: string[] = [];
      for (j++; j < lines.length && lines[j].trim() !== '```'; j++) json.push(lines[j]);
      try {
        sample = JSON.parse(json.join('\n'));
      } catch (e) {
        throw new Error(`API.md line ${j}: the sample answer is not JSON: ${(e as Error).message}`);
      }
    }
    out.push({ line: start + 1, status: Number(head[1]), keep, command: body.slice(1).join('\n').trim(), sample, title });
  }
  return out;
}

/** `.a.b[0].c`, `*` = the first key of an object. */
function pick(value: unknown, p: string): unknown {
  let cur: unknown = value;
  for (const part of p.match(/\.[^.[\]]+|\[\d+\]/g) ?? []) {
    if (cur === null || cur === undefined) return undefined;
    if (part.startsWith('[')) cur = (cur as unknown[])[Number(part.slice(1, -1))];
    else if (part === '.*') cur = Object.values(cur as object)[0];
    else cur = (cur as Record<string, unknown>)[part.slice(1)];
  }
  return cur;
}

/** Keys of the sample missing from the real answer. */
function missingKeys(sample: unknown, real: unknown, at = ''): string[] {
  if (Array.isArray(sample)) {
    if (!Array.isArray(real)) return [`${at} (not an array)`];
    if (sample.length && real.length) return missingKeys(sample[0], real[0], `${at}[0]`);
    return [];
  }
  if (sample && typeof sample === 'object') {
    if (!real || typeof real !== 'object') return [`${at} (not an object)`];
    const out: string[] = [];
    for (const [k, v] of Object.entries(sample)) {
      if (k === '…') continue;
      // A sample keyed by an id (offers_params_values) compares its first entry with the real first entry.
      if (/^\d+$/.test(k) && !(k in (real as object))) {
        const first = Object.values(real as object)[0];
        if (first !== undefined) out.push(...missingKeys(v, first, `${at}.${k}`));
        continue;
      }
      if (!(k in (real as object))) out.push(`${at}.${k}`);
      else out.push(...missingKeys(v, (real as Record<string, unknown>)[k], `${at}.${k}`));
    }
    return out;
  }
  return [];
}

function runBash(command: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn('bash', ['-c', command], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c) => (stdout += c));
    p.stderr.on('data', (c) => (stderr += c));
    p.on('close', () => resolve({ stdout, stderr }));
  });
}

/** A Sberbank-style acquirer double: register.do opens a payment, getOrderStatusExtended.do says it is paid. */
function fakeAcquirer(): Promise<{ url: string; close(): void }> {
  const registered = new Map<string, { amount: string; orderNumber: string }>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const p = new URLSearchParams(body);
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/register.do')) {
        const id = `acq-${registered.size + 1}`;
        registered.set(id, { amount: p.get('amount') ?? '0', orderNumber: p.get('orderNumber') ?? '' });
        return res.end(JSON.stringify({ orderId: id, formUrl: `https://pay.example.test/form/${id}` }));
      }
      if (req.url?.endsWith('/getOrderStatusExtended.do')) {
        const r = registered.get(p.get('orderId') ?? '');
        return res.end(JSON.stringify(r ? { orderStatus: 2, amount: Number(r.amount), orderNumber: r.orderNumber, errorCode: '0' } : { errorCode: '6', errorMessage: 'unknown order' }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/payment/rest`, close: () => server.close() })));
}

async function main() {
  const examples = parseDoc(fs.readFileSync(DOC, 'utf8'));
  if (!examples.length) throw new Error('no examples found in docs/API.md');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-doc-'));
  const acquirer = await fakeAcquirer();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SKIP_BUILD: '1', DEMO: '1', ACQUIRING_URL: acquirer.url, LOG_LEVEL: 'warn' };
  // SQLite in the temp folder, uploads beside it, the request's own origin.
  for (const k of ['DATABASE_URL', 'UPLOADS_DIR', 'PUBLIC_URL', 'WORKERS']) delete env[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (c) => (log += c));
  child.stderr.on('data', (c) => (log += c));
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    acquirer.close();
  };
  process.on('exit', stop);
  const started = Date.now();
  while (!log.includes('Storefront:')) {
    if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error(`the server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // Open the demo places all week, all day: the order examples must not depend on the clock.
  const db = new SQLite(path.join(dataDir, 'shop.db'));
  for (const p of db.prepare('select id, data from places').all() as { id: number; data: string }[]) {
    const d = JSON.parse(p.data);
    for (const day of Object.keys(d.week ?? {})) d.week[day] = { from: '00:00', to: '23:59', isWeekend: false };
    db.prepare('update places set data = ? where id = ?').run(JSON.stringify(d), p.id);
  }
  db.close();

  const vars: Record<string, string> = { SHOP: `http://localhost:${port}` };
  const out = path.join(dataDir, 'answer');
  let failed = 0;
  let codesUsed = 0;
  for (const ex of examples) {
    if (ex.command.includes('$CODE')) {
      // The code of the sms_code call just before: wait for its log line.
      const waitFrom = Date.now();
      let codes = [...log.matchAll(/sms to \+\d+: .*?(\d{4,6})\s*$/gm)];
      while (codes.length <= codesUsed && Date.now() - waitFrom < 5000) {
        await new Promise((r) => setTimeout(r, 50));
        codes = [...log.matchAll(/sms to \+\d+: .*?(\d{4,6})\s*$/gm)];
      }
      if (codes.length) vars.CODE = codes[codes.length - 1][1];
      codesUsed = codes.length;
    }
    // Asynchronously: the fake acquirer in this process must answer while curl waits.
    const run = await runBash(`${ex.command} -s -o '${out}' -w '%{http_code}'`, { ...process.env, ...vars });
    const status = Number(run.stdout.trim().slice(-3));
    const text = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
    fs.rmSync(out, { force: true });
    let json: unknown = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      /* images and other non-JSON answers */
    }
    const problems: string[] = [];
    if (status !== ex.status) problems.push(`status ${status}, expected ${ex.status}${run.stderr ? ` (${run.stderr.trim()})` : ''}`);
    if (ex.sample !== undefined) {
      if (json === undefined) problems.push('the answer is not JSON');
      else problems.push(...missingKeys(ex.sample, json).map((k) => `the answer has no ${k}`));
    }
    for (const [name, p] of ex.keep) {
      const v = pick(json, p);
      if (v === undefined || v === null) problems.push(`nothing at ${p} to keep as ${name}`);
      else vars[name] = String(v);
    }
    const label = `API.md:${ex.line} ${ex.title}`;
    if (problems.length) {
      failed++;
      console.log(`FAIL ${label}\n  ${problems.join('\n  ')}\n  answer: ${text.slice(0, 600)}`);
    } else console.log(`ok   ${label} → ${status}`);
    if (PRINT) console.log(`  ${text.slice(0, 3000)}`);
  }
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`\n${examples.length - failed} of ${examples.length} examples answer as documented`);
  if (failed) process.exitCode = 1;
}

await main();
