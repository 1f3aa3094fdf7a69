/**
 * Public answers built once per catalogue version and served as files (issue 34): GET /yml.xml (building a
 * 150k-offer feed took 2.6-6 s of the server's thread, and six downloads at once held /healthz for 15.9 s) and
 * the sitemap's product files (50,000 addresses each). The first request of a version builds the file in a
 * thread of its own (exportWorker.ts; in this thread when none can start or the database is in memory),
 * every request of that version meanwhile waits for the same build, and all of them stream the file from
 * disk. Files of older versions are deleted once a new one is written; the job runner sweeps any file a week
 * old (sweepExports: a shop that changed its name or domain, a sitemap file past the shop's end), and a request
 * whose file went meanwhile builds it again (versionedStream).
 *
 * What a file holds is named by a module and one of its exports, `fn(db, args)`, yielding the file's text:
 * the thread imports it by its URL, so a feature gives its own text without this module knowing it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadTarget, type Database } from '../../../db/database';
import type { Db } from '../../../db/types';
import type { SentError } from '../threads/sentError';
import { revive, WorkerPool } from '../threads/workerPool';
import { sweepFolder } from '../../../lib/sweepFolder';

/** A file's text: `fn(db, args)` of the module at `module` (a file: URL), chunks of text. */
export interface FileSource {
  module: string;
  fn: string;
  args: unknown;
}

export interface FileJob extends FileSource {
  /** The SQLite file, or PostgreSQL's URL, the thread opens. */
  file?: string;
  databaseUrl?: string;
  /** Where the file goes (written beside it first, then renamed). */
  target: string;
}

export type FromExporter = { t: 'ready' } | { t: 'done' } | { t: 'failed'; error: SentError };

type TextOf = (db: Db, args: unknown) => AsyncIterable<string>;

/** The URL of the module `name` beside the caller (`import.meta.url`), as it runs: .ts under tsx, .js built. */
export const moduleBeside = (callerUrl: string, name: string): string => new URL(`./${name}${path.extname(fileURLToPath(callerUrl))}`, callerUrl).href;

/** Writes the job's text into `job.target` (through a `.part` file: a reader never sees half a file). */
export async function writeJobFile(db: Db, job: FileJob): Promise<void> {
  const text = ((await import(job.module)) as Record<string, TextOf>)[job.fn];
  if (typeof text !== 'function') throw new Error(`${job.module} has no export ${job.fn}`);
  await fs.promises.mkdir(path.dirname(job.target), { recursive: true });
  const part = `${job.target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.part`;
  const out = fs.createWriteStream(part);
  try {
    for await (const chunk of text(db, job.args)) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
    await fs.promises.rename(part, job.target);
  } catch (e) {
    out.destroy();
    await fs.promises.rm(part, { force: true });
    throw e;
  }
}

const pool = new WorkerPool(moduleBeside(import.meta.url, 'exportWorker'));

async function buildInThread(job: FileJob): Promise<boolean> {
  const run = await pool.run<void, FromExporter>(job, 'the export thread', (m, task) => {
    if (m.t === 'ready') return;
    task.end(true);
    if (m.t === 'done') task.resolve();
    else task.reject(revive(m.error));
  });
  if (run) await run.result;
  return run !== null;
}

/** Builds of this process in flight, by target: a second request of the same version waits for the first. */
const building = new Map<string, Promise<void>>();

/** A short key of the texts that go into a file besides the catalogue (the shop's name, its origin). */
export const fileKey = (...parts: (string | number)[]): string => crypto.createHash('sha1').update(parts.join('\u0000')).digest('hex').slice(0, 10);

/**
 * The file `<dir>/<prefix><version>.xml`, built from `source` when missing; the other versions under the same
 * prefix are deleted once it is written. `dir` is DATA_DIR/exports.
 */
export async function versionedFile(database: Database, dir: string, prefix: string, version: string, source: FileSource): Promise<string> {
  const target = path.join(dir, `${prefix}${version}.xml`);
  if (await fs.promises.access(target).then(() => true, () => false)) return target;
  let build = building.get(target);
  if (!build) {
    const job: FileJob = { ...source, ...threadTarget(database), target };
    build = (async () => {
      if (!(job.file || job.databaseUrl) || !(await buildInThread(job))) await writeJobFile(database.db, job);
      for (const name of await fs.promises.readdir(dir)) {
        if (name.startsWith(prefix) && name.endsWith('.xml') && path.join(dir, name) !== target) await fs.promises.rm(path.join(dir, name), { force: true });
      }
    })().finally(() => building.delete(target));
    building.set(target, build);
  }
  await build;
  return target;
}

/**
 * versionedFile opened for reading: a file deleted between the check and the open (a newer version's build, the
 * sweep) is built again once.
 */
export async function versionedStream(database: Database, dir: string, prefix: string, version: string, source: FileSource): Promise<fs.ReadStream> {
  for (let attempt = 0; ; attempt++) {
    const file = await versionedFile(database, dir, prefix, version, source);
    try {
      return (await fs.promises.open(file)).createReadStream();
    } catch (e) {
      if (attempt > 0 || (e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}

/** How long a built file is kept whatever its version (it is rebuilt on the next request). */
export const EXPORT_KEEP_MS = 7 * 24 * 3_600_000;

/** Deletes the files of `dir` (DATA_DIR/exports) written more than EXPORT_KEEP_MS ago; the number deleted. */
export async function sweepExports(dir: string, at = Date.now()): Promise<number> {
  return (await sweepFolder(dir, () => EXPORT_KEEP_MS, at)).length;
}
