/**
 * A throwaway PostgreSQL cluster for tests: initdb into a temp folder, start it on a free port on
 * 127.0.0.1 (unix sockets in the same folder), stop it and delete the folder at the end.
 *
 *   tsx scripts/pg.ts start            starts one and prints DATABASE_URL=... and PG_DIR=... (for `eval`)
 *   tsx scripts/pg.ts stop <PG_DIR>    stops it and deletes its folder
 *   tsx scripts/pg.ts run -- <cmd...>  starts one, runs the command with DATABASE_URL set, stops it
 *
 * PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as the `postgres` user (or `nobody`).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** The temp folder holding the data directory, the sockets and the server log. */
  dir: string;
  stop(): void;
}

/** The folder of the newest installed PostgreSQL server binaries, or null. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')) && fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** The user PostgreSQL runs as: as root a non-root account, else ourselves (null). */
function runAsUser(): { name: string; uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (r.status === 0) {
      const uid = Number(r.stdout.trim());
      const gid = Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim());
      return { name, uid, gid };
    }
  }
  throw new Error('running as root and neither the postgres nor the nobody user exists: PostgreSQL cannot run as root');
}

function run(bin: string, args: string[], user: string | null, what: string) {
  const [cmd, argv] = user ? ['runuser', ['-u', user, '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  if (r.status !== 0) throw new Error(`${what} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Starts a fresh cluster; throws (after cleaning up) when it cannot. */
export async function startPg(opts: { binDir?: string; log?: (line: string) => void } = {}): Promise<PgCluster> {
  const bin = opts.binDir ?? findPgBin();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  const user = runAsUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  const data = path.join(dir, 'data');
  const stop = () => {
    if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], user?.name ?? null, 'pg_ctl stop');
      } catch (e) {
        opts.log?.(String((e as Error).message));
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (user) fs.chownSync(dir, user.uid, user.gid);
    fs.chmodSync(dir, 0o700);
    run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], user?.name ?? null, 'initdb');
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      const serverOpts = [
        `-p ${port}`,
        `-k ${dir}`,
        `-h 127.0.0.1`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=300',
        '-c shared_buffers=64MB',
      ].join(' ');
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'postgres.log'), '-w', '-t', '60', '-o', serverOpts, 'start'], user?.name ?? null, 'pg_ctl start');
        const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
        opts.log?.(`PostgreSQL started: ${url} (data in ${dir})`);
        return { url, port, dir, stop };
      } catch (e) {
        lastError = e;
        const log = path.join(dir, 'postgres.log');
        if (fs.existsSync(log)) lastError = new Error(`${(e as Error).message}\n${fs.readFileSync(log, 'utf8').slice(-2000)}`);
      }
    }
    throw lastError;
  } catch (e) {
    stop();
    throw e;
  }
}

/** Stops a cluster started by `start` (its folder) and deletes the folder. */
export function stopPgDir(dir: string) {
  const bin = findPgBin();
  const data = path.join(dir, 'data');
  if (bin && fs.existsSync(path.join(data, 'postmaster.pid'))) {
    const user = runAsUser();
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], user?.name ?? null, 'pg_ctl stop');
    } catch (e) {
      console.error((e as Error).message);
    }
  }
  if (path.basename(dir).startsWith('pg-test-')) fs.rmSync(dir, { recursive: true, force: true });
}

async function main(argv: string[]) {
  const [cmd, ...rest] = argv;
  if (cmd === 'start') {
    const pg = await startPg({ log: (l) => console.error(l) });
    console.log(`DATABASE_URL=${pg.url}`);
    console.log(`PG_DIR=${pg.dir}`);
    return 0;
  }
  if (cmd === 'stop') {
    if (!rest[0]) throw new Error('usage: tsx scripts/pg.ts stop <PG_DIR>');
    stopPgDir(rest[0]);
    return 0;
  }
  if (cmd === 'run') {
    const command = rest[0] === '--' ? rest.slice(1) : rest;
    if (!command.length) throw new Error('usage: tsx scripts/pg.ts run -- <command...>');
    const pg = await startPg({ log: (l) => console.error(l) });
    const stopOnce = (() => {
      let done = false;
      return () => {
        if (!done) (done = true), pg.stop();
      };
    })();
    process.once('exit', stopOnce);
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: pg.url } });
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
    const code = await new Promise<number>((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 128 + (os.constants.signals[s] ?? 1) : 1))));
    stopOnce();
    return code;
  }
  console.error('usage: tsx scripts/pg.ts start | stop <PG_DIR> | run -- <command...>');
  return 2;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('scripts/pg.ts')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error((e as Error).message);
      process.exit(1);
    },
  );
}

