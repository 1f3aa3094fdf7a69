/**
 * GET /yml.xml served from a file built once per catalogue version (issue 34): building a 150k-offer feed took
 * 2.6-6 s of the server's thread, and six downloads at once held /healthz for 15.9 s. Now the first request
 * of a version builds the file in a thread of its own (exportWorker.ts; in this thread when none can start or
 * the database is in memory), every request of that version meanwhile waits for the same build, and all of
 * them stream the file from disk. Files of older versions of the shop are deleted once a new one is written.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../../db/database';
import type { Db } from '../../../db/types';
import type { SentError } from '../threads/sentError';
import { revive, WorkerPool } from '../threads/workerPool';
import { exportYml } from './exportYml';

export interface ExportJob {
  /** The SQLite file, or PostgreSQL's URL, the thread opens. */
  file?: string;
  databaseUrl?: string;
  storeId: number;
  origin: string;
  shopName: string;
  /** Where the feed goes (written beside it first, then renamed). */
  target: string;
}

export type FromExporter = { t: 'ready' } | { t: 'done' } | { t: 'failed'; error: SentError };

/** Writes the shop's feed into `job.target` (through a `.part` file: a reader never sees half a feed). */
export async function writeFeedFile(db: Db, job: ExportJob): Promise<void> {
  await fs.promises.mkdir(path.dirname(job.target), { recursive: true });
  const part = `${job.target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.part`;
  const out = fs.createWriteStream(part);
  try {
    for await (const chunk of exportYml(db, job.storeId, { origin: job.origin, shopName: job.shopName })) {
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

const here = fileURLToPath(import.meta.url);
const pool = new WorkerPool(new URL(`./exportWorker${path.extname(here)}`, import.meta.url).href);

async function buildInThread(job: ExportJob): Promise<boolean> {
  const run = await pool.run<void, FromExporter>(job, 'the feed export thread', (m, task) => {
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

/** The feed's name at this catalogue version, origin and shop name (picture links name the origin): `<key>-<version>`. */
export function feedTag(storeId: number, version: number, origin: string, shopName: string): string {
  const key = crypto.createHash('sha1').update(`${storeId}\u0000${origin}\u0000${shopName}`).digest('hex').slice(0, 10);
  return `${key}-${version}`;
}

/** The file of the shop's feed named by `tag` (feedTag), built when missing. `dir` is DATA_DIR/exports. */
export async function feedFile(database: Database, dir: string, storeId: number, tag: string, origin: string, shopName: string): Promise<string> {
  const prefix = `${storeId}-${tag.slice(0, tag.lastIndexOf('-') + 1)}`;
  const target = path.join(dir, `${storeId}-${tag}.xml`);
  if (await fs.promises.access(target).then(() => true, () => false)) return target;
  let build = building.get(target);
  if (!build) {
    const job: ExportJob = { file: database.file !== ':memory:' ? database.file : undefined, databaseUrl: database.url, storeId, origin, shopName, target };
    build = (async () => {
      if (!(job.file || job.databaseUrl) || !(await buildInThread(job))) await writeFeedFile(database.db, job);
      // The shop's older feeds at this origin are of no use any more.
      for (const name of await fs.promises.readdir(dir)) {
        if (name.startsWith(prefix) && name.endsWith('.xml') && path.join(dir, name) !== target) await fs.promises.rm(path.join(dir, name), { force: true });
      }
    })().finally(() => building.delete(target));
    building.set(target, build);
  }
  await build;
  return target;
}
