import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * wrk (a load generator in C, `apt install wrk`) when it is installed. autocannon parses every answer in
 * JavaScript: on this 2-core machine it needs about a core of its own at these rates, and its rate falls
 * with the answer's size (measured against one Fastify route: 1 KB 8,767 req/s, 8 KB 1,538, 15 KB 1,177,
 * while wrk gave 12,750 / 16,828 / 14,527 in the same minute), so it cannot compare answers of different
 * sizes or show what a second server process adds.
 */
export const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => fs.existsSync(p));

export interface WrkLoad {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

export async function loadWrk(o: WrkLoad, seconds: number, connections: number) {
  const script = path.join(os.tmpdir(), `shop-bench-wrk-${process.pid}.lua`);
  fs.writeFileSync(
    script,
    [`wrk.method = ${JSON.stringify(o.method)}`, ...Object.entries(o.headers ?? {}).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`), ...(o.body ? [`wrk.body = ${JSON.stringify(o.body)}`] : [])].join('\n'),
  );
  const child = spawn(WRK!, ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, o.url]);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await once(child, 'exit');
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + (/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)?.slice(1).reduce((a, n) => a + Number(n), 0) ?? 0);
  const p99ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : NaN;
  // wrk counts its timeouts among the socket errors above.
  return { requests: { average: rps, total }, latency: { p99: Math.round(p99ms) }, errors, timeouts: 0, non2xx: 0 };
}
