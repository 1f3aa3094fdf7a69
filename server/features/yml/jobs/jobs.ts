/**
 * YML import jobs: the owner's imports (an uploaded file or the store's YML link) and the scheduled
 * refreshes run in the background, one per store at a time, with progress and a stored report.
 *
 * - Claiming: every server process runs a runner; a queued job goes to the one whose
 *   `update yml_jobs set status = 'running' ... where id = ? and status = 'queued'` changed the row, so with
 *   WORKERS=N (or several machines on PostgreSQL) exactly one process runs it.
 * - One per store: a partial unique index (status queued or running) refuses a second job: 409.
 * - Cancel: the job's AbortController aborts the import, whose single transaction rolls back: the catalogue
 *   stays as it was. Another process's job is cancelled through `cancel_requested`, which its runner polls.
 * - Restart: a running job whose runner is gone (same host and pid dead; same pid but not a runner alive in
 *   this process, i.e. an earlier boot or a stopped runner; on PostgreSQL also a heartbeat older than
 *   STALE_MS) is marked failed with `interrupted`. Several runners in one process (tests, several apps) see
 *   each other as alive through `liveRunners`.
 * - Progress: offers read and bytes read of the total. On PostgreSQL the row is updated every second; on
 *   SQLite the import holds the only write lock, so the running process answers progress from memory and
 *   writes it when the import ends.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { YML_SCHEDULE_HOURS, type YmlSchedule } from '../../../../schemas';
import type { AppServices } from '../../../api/context';
import { now, openDatabase, threadTarget, type Database } from '../../../db/database';
import type { Db } from '../../../db/types';
import { ApiError } from '../../../errors';
import { FeedUrlError } from '../../../lib/feedUrl';
import { importFeed, type ImportProgress, type ImportReport } from './importFeed';
import { importFeedInThread, openFeedSource, type FeedSource } from '../write/writerThread';
import { enqueueImportFailed } from '../../notifications/public';
import { readAllCategories } from '../../catalogue/public';
import { queueFeedPictures, runThumbnails } from '../pictures/thumbnails';
import { SWEEP_EVERY_MS, sweepFeeds } from './sweepFeeds';
import { sweepExports } from '../export/exportFile';
import { SCHEDULED_HIDE_SHARE, type ImportMode } from '../write/importMode';

/** Where a job's warnings are written as CSV (GET /rest/yml_imports/:id/warnings.csv). */
export const warningsFileOf = (dataDir: string, jobId: number) => path.join(dataDir, 'feeds', `job-${jobId}-warnings.csv`);

/** `undone`: a done import the owner undid (write/importUndo.ts). */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'undone';
export const ACTIVE_STATUSES = ['queued', 'running'] as const;
/** A running job whose heartbeat is older than this has lost its process (PostgreSQL, other machines). */
export const STALE_MS = 10 * 60_000;

export interface JobProgress {
  offersRead: number;
  bytesRead: number;
  /** SQLite: a link's feed is being downloaded before its import (write/spoolFeed.ts). */
  downloading?: boolean;
  /** The feed's size when known (an upload's, a link's Content-Length). */
  totalBytes?: number | null;
}

const HOST = os.hostname();
const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The worker ids (host:pid:boot) of the runners alive in this process; a runner leaves it once stopped. */
const liveRunners = new Set<string>();

/**
 * Whether the runner named by a job's `worker` (host:pid:boot) is gone, seen from this process: in this
 * process it is gone unless it is one of `live` (another app's runner in the same process is alive; an
 * earlier boot with the same pid, as a restarted container has, is not); elsewhere on this host when its pid
 * is dead. Other hosts are left to the heartbeat.
 */
export function workerGone(worker: string | null, live: ReadonlySet<string> = liveRunners): boolean {
  if (!worker) return true;
  const [host, pidText] = worker.split(':');
  if (host !== HOST) return false;
  const pid = Number(pidText);
  if (pid === process.pid) return !live.has(worker);
  return !pidAlive(pid);
}

/** Marks running jobs of this machine failed: the primary calls it on start, before any worker runs. */
export async function failInterruptedJobs(db: Db): Promise<number> {
  const rows = await db.selectFrom('yml_jobs').select(['id', 'worker']).where('status', '=', 'running').execute();
  const ids = rows.filter((r) => !r.worker || r.worker.split(':')[0] === HOST).map((r) => r.id);
  if (ids.length) await markInterrupted(db, ids);
  return ids.length;
}

async function markInterrupted(db: Db, ids: number[]) {
  await db
    .updateTable('yml_jobs')
    .set({ status: 'failed', error: JSON.stringify({ code: 'interrupted', message: 'The server restarted during the import; the catalogue was left as it was' }), finished_at: now() })
    .where('id', 'in', ids)
    .where('status', '=', 'running')
    .execute();
}

export interface JobRunner {
  readonly workerId: string;
  /** One round: fail lost jobs, queue due scheduled refreshes, claim and start queued jobs, make thumbnails. */
  tick(): Promise<void>;
  /** Starts ticking every `pollMs`. */
  start(): void;
  /** Stops ticking and aborts this process's jobs (they are marked failed: interrupted). */
  stop(): Promise<void>;
  /** Progress of a job this process runs (fresher than the row on SQLite). */
  progressOf(id: number): JobProgress | null;
  /** Aborts a job if this process runs it; false otherwise. */
  abortLocal(id: number): boolean;
  /** Resolves when the jobs running in this process have ended, and what they started in the background (tests). */
  idle(): Promise<void>;
}

declare module '../../../api/context' {
  interface AppServices {
    /** Background YML import jobs and feed thumbnails (set by the yml feature's plugin). */
    jobs?: JobRunner;
  }
}

export interface RunnerOptions {
  pollMs?: number;
  /** The database the import writes through (SQLite: a connection of its own, so reads go on meanwhile). */
  importDatabase?: Database;
}

export function createJobRunner(services: AppServices, opts: RunnerOptions = {}): JobRunner {
  const { db, config } = services;
  const dialect = services.database.dialect;
  const workerId = `${HOST}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  liveRunners.add(workerId);
  const local = new Map<number, { controller: AbortController; progress: JobProgress; done: Promise<void> }>();
  /** Background readings a finished import started (the shoppers' filters): idle() waits for them too. */
  const readings = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let importDb: Database | null = opts.importDatabase ?? null;
  let stopped = false;
  let lastSweep = 0;

  /** How an import's own connection opens the database (not in memory, not a test's given one). */
  const target = () => (opts.importDatabase ? null : threadTarget(services.database));
  /** An import in this thread (no writer thread could start): a connection of its own to SQLite's file, or the shared one. */
  const importDatabase = (): Database => {
    const file = target()?.file;
    return (importDb ??= file ? openDatabase({ databaseUrl: null, dataDir: config.dataDir, sqliteFile: file }) : services.database);
  };

  async function failLost() {
    const rows = await db.selectFrom('yml_jobs').select(['id', 'worker', 'heartbeat_at']).where('status', '=', 'running').execute();
    const stale = Date.now() - STALE_MS;
    const lost = rows.filter(
      (r) => !local.has(r.id) && (workerGone(r.worker) || (dialect === 'postgres' && r.heartbeat_at !== null && Date.parse(r.heartbeat_at) < stale)),
    );
    if (lost.length) await markInterrupted(db, lost.map((r) => r.id));
  }

  /** Queues a refresh for every store whose schedule is due (its last link job started long enough ago). */
  async function queueDue() {
    const stores = await db.selectFrom('stores').select(['id', 'data']).where('deleted', '=', 0).execute();
    for (const s of stores) {
      const data = JSON.parse(s.data || '{}') as { yml_schedule?: YmlSchedule; yml_link?: string };
      const hours = YML_SCHEDULE_HOURS[data.yml_schedule ?? 'off'] ?? 0;
      if (!hours || !data.yml_link) continue;
      const last = await db
        .selectFrom('yml_jobs')
        .select(['created_at'])
        .where('store_id', '=', s.id)
        .where('source', 'in', ['link', 'schedule'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && Date.parse(last.created_at) > Date.now() - hours * 3_600_000) continue;
      // The refresh keeps the mode the owner last imported the link in (merge: a second supplier's feed).
      const chosen = await db
        .selectFrom('yml_jobs')
        .select('mode')
        .where('store_id', '=', s.id)
        .where('source', 'in', ['link', 'schedule'])
        .where('preview', '=', 0)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const mode = chosen?.mode === 'merge' ? 'merge' : 'replace';
      await createJob(db, s.id, { source: 'schedule', url: data.yml_link, mode }).catch((e) => {
        if (!(e instanceof ApiError && e.status === 409)) throw e;
      });
    }
  }

  const loadJob = (id: number) => db.selectFrom('yml_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function claim(id: number): Promise<boolean> {
    let q = db
      .updateTable('yml_jobs')
      .set({ status: 'running', worker: workerId, started_at: now(), heartbeat_at: now() })
      .where('id', '=', id)
      .where('status', '=', 'queued');
    // SQLite has one writer: two imports at once would have the second wait on the first's lock.
    if (dialect === 'sqlite') q = q.where(sql<boolean>`not exists (select 1 from yml_jobs as r where r.status = 'running')`);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Runs a job this runner claimed; it is in `local` from the first moment (before any await), so `idle()` sees it. */
  async function run(id: number) {
    const controller = new AbortController();
    const progress: JobProgress = { offersRead: 0, bytesRead: 0, totalBytes: null };
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    local.set(id, { controller, progress, done });
    let job: Awaited<ReturnType<typeof loadJob>>;
    try {
      job = await loadJob(id);
    } catch (e) {
      local.delete(id);
      resolveDone();
      throw e;
    }
    progress.totalBytes = job.total_bytes;
    let total = job.total_bytes;
    // PostgreSQL: progress, heartbeat and the cancel flag through the row; SQLite: the cancel flag only (reads).
    const watch = setInterval(() => {
      void (async () => {
        if (dialect === 'postgres')
          await db
            .updateTable('yml_jobs')
            .set({ offers_read: progress.offersRead, bytes_read: progress.bytesRead, heartbeat_at: now() })
            .where('id', '=', id)
            .where('status', '=', 'running')
            .execute();
        const row = await db.selectFrom('yml_jobs').select(['cancel_requested']).where('id', '=', id).executeTakeFirst();
        if (row?.cancel_requested) controller.abort();
      })().catch(() => undefined);
    }, 1000);
    let status: JobStatus = 'done';
    let report: ImportReport | null = null;
    let error: JobError | null = null;
    try {
      const source: FeedSource =
        job.source === 'file'
          ? { path: job.file_path ?? '' }
          : { url: job.url ?? '', maxBytes: config.feedMaxBytes, timeoutMs: config.feedTimeoutMs, allowPrivate: config.allowPrivateFeeds };
      const sized = async (size: number | null) => {
        total = size;
        progress.totalBytes = size;
        if (size !== null && dialect === 'postgres') await db.updateTable('yml_jobs').set({ total_bytes: size }).where('id', '=', id).execute();
      };
      const feed = {
        storeId: job.store_id,
        mode: job.mode as ImportMode,
        hideAtMost: job.source === 'schedule' ? SCHEDULED_HIDE_SHARE : undefined,
        preview: !!job.preview,
        warningsFile: warningsFileOf(config.dataDir, job.id),
        totalBytes: total ?? undefined,
        signal: controller.signal,
        onProgress: (p: ImportProgress) => {
          progress.offersRead = p.offersRead;
          progress.bytesRead = p.bytesRead;
          progress.downloading = !!p.downloading;
        },
      };
      // In the writer's thread, so this one goes on answering requests (writerThread.ts).
      const to = target();
      report = to ? await importFeedInThread({ ...to, source, onSize: (size) => void sized(size), ...feed, spoolDir: path.join(config.dataDir, 'feeds') }) : null;
      if (!report) {
        const opened = await openFeedSource(source, controller.signal);
        if (job.source !== 'file') await sized(opened.size);
        controller.signal.throwIfAborted();
        report = await importFeed({ database: importDatabase(), images: services.images, input: opened.stream, ...feed, totalBytes: total ?? undefined });
      }
      services.stores.forget();
    } catch (e) {
      if (controller.signal.aborted) status = 'cancelled';
      else {
        status = 'failed';
        error = errorOf(e);
      }
    } finally {
      clearInterval(watch);
    }
    if (stopped && status === 'cancelled') {
      status = 'failed';
      error = { code: 'interrupted', message: 'The server stopped during the import; the catalogue was left as it was' };
    }
    try {
      await db.transaction().execute(async (tx) => {
        const ended = await tx
          .updateTable('yml_jobs')
          .set({
            status,
            report: report ? JSON.stringify(report) : null,
            error: error ? JSON.stringify(error) : null,
            offers_read: progress.offersRead,
            bytes_read: progress.bytesRead,
            total_bytes: total,
            finished_at: now(),
          })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .executeTakeFirst();
        // A failed import is told to the owner's import channels (e-mail, Telegram) through the outbox, in the
        // transaction that records the failure: once, by the process that ran it.
        // A refresh that fails as the one before it did is not told again: a dead link or a cut feed alerts
        // once, not at every refresh.
        if (status === 'failed' && error && Number(ended.numUpdatedRows) === 1) {
          const store = await tx.selectFrom('stores').selectAll().where('id', '=', job.store_id).executeTakeFirst();
          const before =
            job.source === 'schedule'
              ? await tx.selectFrom('yml_jobs').select(['status', 'error']).where('store_id', '=', job.store_id).where('source', '=', 'schedule').where('id', '<', id).orderBy('id', 'desc').limit(1).executeTakeFirst()
              : undefined;
          const told = before?.status === 'failed' && before.error === JSON.stringify(error);
          if (store && !told) await enqueueImportFailed(tx, store, `${error.message} (${error.code})`);
        }
      });
      if (status === 'done' && !job.preview) {
        await queueFeedPictures(db, job.store_id);
        // The shoppers' filters of every category, read now in the background rather than when first asked.
        const reading = readAllCategories(db, dialect, job.store_id).catch(() => undefined);
        readings.add(reading);
        void reading.finally(() => readings.delete(reading));
      }
    } finally {
      // A finished preview keeps its file: the import the owner starts from it reads it (rest.ts).
      if (job.file_path && !(job.preview && status === 'done')) fs.promises.rm(job.file_path, { force: true }).catch(() => undefined);
      local.delete(id);
      resolveDone();
    }
    // The next queued job (on SQLite, another shop's waiting for this one) starts now, not at the next poll.
    if (!stopped) void tick().catch(() => undefined);
  }

  async function tickOnce() {
    if (stopped) return;
    if (dialect === 'sqlite' && local.size) return;
    await failLost();
    // SQLite: while an import holds the write lock nothing else writes (a write would wait on the lock).
    if (dialect === 'sqlite' && (await anyRunning(db))) return;
    await queueDue();
    const queued = await db.selectFrom('yml_jobs').select('id').where('status', '=', 'queued').orderBy('id').limit(10).execute();
    for (const { id } of queued) {
      if (stopped) return;
      if (await claim(id)) void run(id).catch((e) => console.error(`yml job ${id}:`, e));
    }
    // Thumbnails wait while this process imports (SQLite: the import holds the write lock).
    await runThumbnails(services, { isStopped: () => stopped || local.size > 0 });
    if (Date.now() - lastSweep >= SWEEP_EVERY_MS && !local.size) {
      lastSweep = Date.now();
      await sweepFeeds(db, path.join(config.dataDir, 'feeds'));
      await sweepExports(path.join(config.dataDir, 'exports'));
    }
  }

  const tick = () => {
    // One round at a time per process; a caller during a round waits for it and then runs its own.
    const next = (ticking ?? Promise.resolve()).then(tickOnce, tickOnce);
    ticking = next.finally(() => {
      if (ticking === guarded) ticking = null;
    });
    const guarded = ticking;
    return next;
  };

  return {
    workerId,
    tick,
    start() {
      if (timer || stopped) return;
      const every = opts.pollMs ?? config.jobPollMs;
      timer = setInterval(() => void tick().catch((e) => console.error('yml job runner:', e)), every);
      timer.unref();
      void tick().catch((e) => console.error('yml job runner:', e));
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      for (const j of local.values()) j.controller.abort();
      await Promise.all([...local.values()].map((j) => j.done));
      await ticking?.catch(() => undefined);
      liveRunners.delete(workerId);
      if (importDb && importDb !== services.database) await importDb.close();
    },
    progressOf: (id) => {
      const j = local.get(id);
      return j ? { ...j.progress } : null;
    },
    abortLocal(id) {
      const j = local.get(id);
      if (!j) return false;
      j.controller.abort();
      return true;
    },
    async idle() {
      // A job's end starts a follow-up round (it may claim the next queued job): wait for rounds and jobs alike.
      while (ticking || local.size || readings.size) {
        await ticking?.catch(() => undefined);
        await Promise.all([...local.values()].map((j) => j.done));
        await Promise.all(readings);
      }
    },
  };
}

/** A failed job's error: its code, the shop language's text, and the text's params (the admin translates the code). */
export type JobError = { code: string; message: string; params?: Record<string, string | number> };

function errorOf(e: unknown): JobError {
  if (e instanceof FeedUrlError) return { code: e.code, message: e.message };
  if (e instanceof ApiError) return { code: e.code, message: e.message, ...(e.params ? { params: e.params } : {}) };
  return { code: 'import_failed', message: (e as Error)?.message ?? String(e) };
}

/**
 * Queues an import; a store with a queued or running import gets a 409. On SQLite another shop's running import
 * does not refuse it: it waits in the queue (claim takes one at a time) and starts when that one ends.
 */
export async function createJob(
  db: Db,
  storeId: number,
  values: { source: 'file' | 'link' | 'schedule'; url?: string; filePath?: string; fileName?: string; totalBytes?: number | null; mode?: ImportMode; preview?: boolean },
): Promise<number> {
  const active = await db.selectFrom('yml_jobs').select('id').where('store_id', '=', storeId).where('status', 'in', [...ACTIVE_STATUSES]).executeTakeFirst();
  if (active) throw new ApiError(409, 'import_running', 'An import of this shop is already running');
  try {
    const row = await db
      .insertInto('yml_jobs')
      .values({
        store_id: storeId,
        source: values.source,
        status: 'queued',
        url: values.url ?? null,
        file_path: values.filePath ?? null,
        file_name: values.fileName ?? null,
        total_bytes: values.totalBytes ?? null,
        mode: values.mode ?? 'replace',
        preview: values.preview ? 1 : 0,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (e) {
    const err = e as { code?: string; message?: string };
    // Another process inserted one in between: the unique index refused this one.
    if (err?.code === '23505' || /UNIQUE constraint failed/.test(err?.message ?? '')) throw new ApiError(409, 'import_running', 'An import of this shop is already running');
    throw e;
  }
}

const anyRunning = async (db: Db) => !!(await db.selectFrom('yml_jobs').select('id').where('status', '=', 'running').limit(1).executeTakeFirst());
