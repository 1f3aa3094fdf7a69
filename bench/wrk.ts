import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * wrk (a load generator in C with LuaJIT scripts: `apt-get install wrk` on Debian/Ubuntu, `brew install wrk`
 * on macOS). autocannon parses every answer in JavaScript: on this 2-core machine it needs about a core of its
 * own at these rates, and its rate falls with the answer's size (measured against one Fastify route: 1 KB
 * 8,767 req/s, 8 KB 1,538, 15 KB 1,177, while wrk gave 12,750 / 16,828 / 14,527 in the same minute), so it
 * cannot compare answers of different sizes or show what a second server process adds.
 */
export const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk', '/opt/homebrew/bin/wrk'].find((p) => fs.existsSync(p));
export const WRK_MISSING = 'wrk is not installed: `sudo apt-get install wrk` (Debian/Ubuntu) or `brew install wrk` (macOS); it draws every request\'s keys at random in its Lua script';

export interface WrkLoad {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

const scriptFile = () => path.join(os.tmpdir(), `shop-bench-wrk-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);

/** One fixed request (the bare route H). */
export async function loadWrk(o: WrkLoad, seconds: number, connections: number) {
  const lua = [
    `wrk.method = ${JSON.stringify(o.method)}`,
    ...Object.entries(o.headers ?? {}).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
    ...(o.body ? [`wrk.body = ${JSON.stringify(o.body)}`] : []),
  ].join('\n');
  return runWrk(o.url, lua, seconds, connections, 2);
}

const ms = (m: RegExpExecArray | null) => (m ? Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : m[2] === 'm' ? 60_000 : 1) : NaN);

/** wrk with a Lua script (bench/spread.ts makes the ones that draw keys per request) against `url`. */
export async function runWrk(url: string, lua: string, seconds: number, connections: number, threads = 2, timeoutSeconds = 10) {
  const script = scriptFile();
  fs.writeFileSync(script, lua);
  try {
    const child = spawn(WRK!, [`-t${Math.min(threads, connections)}`, `-c${connections}`, `-d${seconds}s`, `--timeout`, `${timeoutSeconds}s`, '--latency', '-s', script, url]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const [code] = await once(child, 'exit');
    if (code !== 0 || !/Requests\/sec/.test(out)) throw new Error(`wrk failed (exit ${code}): ${err || out}`);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const timeouts = Number(socket?.[4] ?? 0);
    const errors = non2xx + (socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) + timeouts : 0);
    return {
      requests: { average: rps, total },
      latency: { p50: ms(/\s50%\s+([\d.]+)(us|ms|s|m)\b/.exec(out)), p99: ms(/\s99%\s+([\d.]+)(us|ms|s|m)\b/.exec(out)) },
      errors,
      timeouts,
      non2xx,
    };
  } finally {
    fs.rmSync(script, { force: true });
  }
}

export interface KindStats {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers with a status >= 400. */
  errors: number;
}

/**
 * wrk with one connection per thread and the script's per-answer log (bench/spread.ts luaScript's `track`):
 * the overall figures, and per kind (its number in the script, from 1) the answers, p50, p99 and errors.
 */
export async function runWrkTracked(url: string, makeLua: (dir: string) => string, seconds: number, connections: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-lat-'));
  try {
    const overall = await runWrk(url, makeLua(dir), seconds, connections, connections);
    const byKind = new Map<number, { lat: number[]; errors: number }>();
    for (const file of fs.readdirSync(dir)) {
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        if (!line) continue;
        const [k, t, status] = line.split(' ');
        const kind = Number(k);
        let s = byKind.get(kind);
        if (!s) byKind.set(kind, (s = { lat: [], errors: 0 }));
        s.lat.push(Number(t));
        if (Number(status) >= 400) s.errors++;
      }
    }
    const kinds = new Map<number, KindStats>();
    for (const [k, s] of byKind) {
      s.lat.sort((a, b) => a - b);
      const at = (q: number) => s.lat[Math.min(s.lat.length - 1, Math.floor(q * s.lat.length))];
      kinds.set(k, { count: s.lat.length, p50: at(0.5), p99: at(0.99), max: s.lat[s.lat.length - 1], errors: s.errors });
    }
    return { ...overall, kinds };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
