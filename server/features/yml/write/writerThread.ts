/**
 * A YML import runs in a thread of its own (writerWorker.ts), with its own connection. better-sqlite3 is
 * synchronous: in the server's thread a big import's statements (a batch's inserts, the index builds of a
 * first import, 1–2 s each at a million offers, and the commit with its checkpoint, about 6 s) would stop
 * every request of every shop on the process meanwhile. PostgreSQL's driver is asynchronous, but the import's
 * own work between its statements (reading the batches, laying out and hashing their rows: ~20 CPU-seconds
 * at a million offers) would still take the server's thread; here it only hears progress and the report.
 * The writer opens the feed (the file, or the link through the guarded fetcher) and starts the parser's
 * worker itself (pipeline.ts).
 *
 * The report, the errors (a broken feed, a cancel, a failed download: the transaction rolls back) and the
 * catalogue are those of importFeed in this thread (pipeline.server.test.ts; the jobs of
 * yml-imports.server.test.ts run through here).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import { ApiError } from '../../../errors';
import { fetchFeed } from '../../../lib/feedUrl';
import type { ImportProgress, ImportReport } from '../jobs/importFeed';
import type { ImportMode } from './importMode';
import type { UndoReport } from './importUndo';
import type { SentError } from '../threads/sentError';
import { revive, WorkerPool } from '../threads/workerPool';

/** Where a job's feed comes from: an uploaded file, or a link through the guarded fetcher (server/lib/feedUrl.ts). */
export type FeedSource = { path: string } | { url: string; maxBytes: number; timeoutMs: number; allowPrivate: boolean };

/** Opens a feed where its bytes are to be read: a stream and, for a link, its Content-Length (null if not sent). */
export async function openFeedSource(source: FeedSource, signal?: AbortSignal): Promise<{ stream: Readable; size: number | null }> {
  if ('url' in source) return fetchFeed(source.url, { ...source, signal });
  if (!source.path || !fs.existsSync(source.path)) throw new ApiError(400, 'invalid_input', 'The uploaded feed is gone');
  return { stream: fs.createReadStream(source.path, { highWaterMark: 1 << 16 }), size: null };
}

export interface ThreadImportOptions {
  /** The database: an SQLite file, or PostgreSQL's connection string. */
  file?: string;
  databaseUrl?: string;
  storeId: number;
  source: FeedSource;
  totalBytes?: number;
  signal?: AbortSignal;
  /** A link's size once its answer came (null when it sent none). */
  onSize?: (size: number | null) => void;
  onProgress?: (p: ImportProgress) => void;
  deferIndexesAt?: number;
  mode?: ImportMode;
  hideAtMost?: number;
  preview?: boolean;
  warningsFile?: string;
  /** Sum the import's statement times (the bench's database share): `dbSeconds` of the result. */
  timeDb?: boolean;
  /** After the report: the seconds the writer took to copy the import's pages into the database file. */
  onCheckpoint?: (seconds: number) => void;
  /** SQLite: where a link's feed is downloaded before the import takes the write lock (spoolFeed.ts). */
  spoolDir?: string;
}

export type ToWriter =
  | { t: 'start'; file?: string; databaseUrl?: string; storeId: number; source: FeedSource; totalBytes?: number; deferIndexesAt?: number; timeDb?: boolean; mode?: ImportMode; hideAtMost?: number; preview?: boolean; warningsFile?: string; spoolDir?: string }
  | { t: 'abort' }
  | { t: 'undo'; file?: string; databaseUrl?: string; storeId: number; stamp: string };

export type FromWriter =
  | { t: 'ready' }
  | { t: 'size'; size: number | null }
  | { t: 'progress'; progress: ImportProgress }
  | { t: 'done'; report: ImportReport; dbSeconds?: number }
  /** After `done`: the WAL's pages copied into the database file (writerWorker.ts checkpoint). */
  | { t: 'checkpointed'; seconds: number }
  | { t: 'failed'; error: SentError }
  | { t: 'undone'; report: UndoReport | null };

const here = fileURLToPath(import.meta.url);
const pool = new WorkerPool(new URL(`./writerWorker${path.extname(here)}`, import.meta.url).href);

/** Tests: writers from another entry module (one that fails: imports run in this thread), or null. */
export const setWriterEntryForTests = (url: string | null): void => pool.setEntry(url);

/** The owner opened the import page: a writer starts meanwhile, so their preview or import does not wait for it. */
export const warmWriter = (): void => pool.warm();
/** Writers waiting idle (tests). */
export const idleWriters = (): number => pool.idleCount;

/**
 * importFeed in the writer thread, which opens the feed itself (its bytes are born where they are decoded, so
 * they die young there, like pipeline.ts's text): the report (with `dbSeconds` when timed), or null when no
 * thread can start (the caller then imports in its own thread).
 */
export async function importFeedInThread(opts: ThreadImportOptions): Promise<(ImportReport & { dbSeconds?: number }) | null> {
  const { file, databaseUrl, storeId, source, totalBytes, deferIndexesAt, timeDb, mode, hideAtMost, preview, warningsFile, spoolDir } = opts;
  const start: ToWriter = { t: 'start', file, databaseUrl, storeId, source, totalBytes, deferIndexesAt, timeDb, mode, hideAtMost, preview, warningsFile, spoolDir };
  let done = false;
  const run = await pool.run<ImportReport & { dbSeconds?: number }, FromWriter>(
    start,
    'the YML import writer',
    (m, task) => {
      if (m.t === 'progress') opts.onProgress?.(m.progress);
      else if (m.t === 'size') opts.onSize?.(m.size);
      else if (m.t === 'done') {
        // The writer now copies the pages into the database file; with onCheckpoint this waits to hear it.
        done = true;
        if (!opts.onCheckpoint) task.end(true);
        task.resolve(m.dbSeconds === undefined ? m.report : { ...m.report, dbSeconds: m.dbSeconds });
      } else if (m.t === 'checkpointed') {
        // Also sent after the previous import on this thread, when nobody waited for it.
        if (!done) return;
        task.end(true);
        opts.onCheckpoint?.(m.seconds);
      } else if (m.t === 'failed') {
        // The writer rolled back and closed its connection: the thread is kept for the next import.
        task.end(true);
        task.reject(opts.signal?.aborted ? (opts.signal.reason ?? revive(m.error)) : revive(m.error));
      }
    },
    { signal: opts.signal, message: { t: 'abort' } satisfies ToWriter },
  );
  return run ? run.result : null;
}

/**
 * undoImport in the writer thread: restoring up to 100,000 offers is seconds of statements that, in the
 * server's thread, would stop every shop's requests (better-sqlite3 is synchronous). `{ report }` (null: not
 * the last import, nothing changed), or null when no thread can start (the caller then undoes in its own).
 */
export async function undoImportInThread(opts: { file?: string; databaseUrl?: string; storeId: number; stamp: string }): Promise<{ report: UndoReport | null } | null> {
  const run = await pool.run<{ report: UndoReport | null }, FromWriter>({ t: 'undo', ...opts } satisfies ToWriter, 'the YML import writer', (m, task) => {
    if (m.t === 'undone') {
      task.end(true);
      task.resolve({ report: m.report });
    } else if (m.t === 'failed') {
      task.end(true);
      task.reject(revive(m.error));
    }
  });
  return run ? run.result : null;
}
