/**
 * Worker threads of the YML import (the parser's, pipeline.ts, and the SQLite writer's, writerThread.ts),
 * started through boot.mjs and kept idle for the next import (IDLE_MS), so a small import does not
 * pay the start-up of a thread and its modules each time. A worker that cannot start (no worker threads, its
 * module does not load) makes the pool unavailable: its imports then run in the calling thread.
 * YML_IMPORT_WORKER=0 never starts one.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { ApiError } from '../../../errors';
import { FeedUrlError } from '../../../lib/feedUrl';
import { YmlError } from '../parse/types';
import type { SentError } from './sentError';

/** The error `sendable` sent, of its own class: an ApiError, a FeedUrlError, a YmlError or a plain Error. */
export function revive(e: SentError): Error {
  let err: Error;
  if (e.status !== undefined && e.code !== undefined) err = Object.assign(new ApiError(e.status, e.code, e.message), e.params ? { params: e.params } : {});
  else if (e.name === 'FeedUrlError') err = new FeedUrlError(e.message, e.code as FeedUrlError['code']);
  else if (e.name === 'YmlError' && e.line !== undefined) {
    err = new YmlError('', e.line, e.column ?? 0);
    err.message = e.message;
  } else err = Object.assign(new Error(e.message), { name: e.name });
  if (e.stack) err.stack = e.stack;
  return err;
}

/** How long a worker waits idle for the next import. */
const IDLE_MS = 60_000;
/** How long a new worker may take to load its modules (tsx compiles them on a cold start). */
const START_MS = 60_000;
const BOOT = new URL('./boot.mjs', import.meta.url);

/** A task running on a pooled worker (WorkerPool.run), as its message handler sees it. */
export interface PoolTask<R> {
  /** Stops listening: `clean` keeps the worker for the next task, otherwise it is terminated. */
  end(clean: boolean): void;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export class WorkerPool {
  private idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private warming: Promise<void> | null = null;
  /** Workers running a task (run): a warm start beside them would be a second thread for one import. */
  private busy = 0;
  /** Set once a worker failed to start: this process then runs the work in its own thread. */
  private unavailable = false;
  private entry: string;

  constructor(
    private readonly defaultEntry: string,
    private readonly resourceLimits?: ResourceLimits,
  ) {
    this.entry = defaultEntry;
  }

  /** Whether imports may use a worker thread (tests switch it off to compare both paths). */
  enabled(): boolean {
    return !this.unavailable && process.env.YML_IMPORT_WORKER !== '0';
  }

  /** Tests: workers from another entry module (one that fails: no worker can start), or null for the real one. */
  setEntry(url: string | null): void {
    for (const e of this.idle.splice(0)) {
      clearTimeout(e.timer);
      void e.worker.terminate();
    }
    this.entry = url ?? this.defaultEntry;
    this.unavailable = false;
  }

  /**
   * Starts a worker ahead of need, kept idle for the next task: its start (seconds where the server runs
   * TypeScript through tsx) is then not the task's. Nothing when one is idle, starting or at work (another
   * shop's import: the next task waits for no thread start either way once it is done).
   */
  warm(): void {
    if (this.idle.length || this.busy || this.warming || !this.enabled()) return;
    this.warming = this.acquire()
      .then((worker) => {
        if (worker) this.release(worker);
      })
      .finally(() => (this.warming = null));
  }

  /** Workers waiting for a task (tests). */
  get idleCount(): number {
    return this.idle.length;
  }

  /** Workers running a task (tests). */
  get busyCount(): number {
    return this.busy;
  }

  /** An idle worker, or a new one once it said `{ t: 'ready' }`; null when none can start. */
  async acquire(): Promise<Worker | null> {
    // A worker being warmed is this task's.
    if (this.warming) await this.warming;
    const kept = this.idle.pop();
    if (kept) {
      clearTimeout(kept.timer);
      kept.worker.ref();
      return kept.worker;
    }
    if (!this.enabled()) return null;
    let worker: Worker;
    try {
      worker = new Worker(BOOT, { workerData: { entry: this.entry }, resourceLimits: this.resourceLimits });
    } catch {
      this.unavailable = true;
      return null;
    }
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), START_MS);
      const onMessage = (m: { t: string }) => m.t === 'ready' && done(true);
      const onFail = () => done(false);
      function done(ok: boolean) {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onFail);
        worker.off('exit', onFail);
        resolve(ok);
      }
      worker.on('message', onMessage);
      worker.once('error', onFail);
      worker.once('exit', onFail);
    });
    if (!ready) {
      this.unavailable = true;
      void worker.terminate();
      return null;
    }
    // For its whole life: an idle worker that fails is simply gone (an import's own listeners see its failure).
    worker.on('error', () => undefined);
    worker.once('exit', () => this.forget(worker));
    return worker;
  }

  /**
   * Sends `message` to a pooled worker and hands what it sends back to `handle`, which settles the task and
   * ends it (the worker's error or exit rejects it, and the worker is not kept). `abort`: a message sent when
   * the signal fires. null when no worker can start (the caller then works in its own thread).
   */
  async run<R, M>(
    message: unknown,
    what: string,
    handle: (m: M, task: PoolTask<R>) => void,
    abort?: { signal?: AbortSignal; message: unknown },
  ): Promise<{ result: Promise<R> } | null> {
    const worker = await this.acquire();
    if (!worker) return null;
    this.busy++;
    const result = new Promise<R>((resolve, reject) => {
      let ended = false;
      const task: PoolTask<R> = {
        end: (clean) => {
          if (ended) return;
          ended = true;
          this.busy--;
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          abort?.signal?.removeEventListener('abort', onAbort);
          if (clean) this.release(worker);
          else void worker.terminate();
        },
        resolve,
        reject,
      };
      const onMessage = (m: M) => handle(m, task);
      const onError = (e: Error) => {
        task.end(false);
        reject(e);
      };
      const onExit = (code: number) => {
        task.end(false);
        reject(new Error(`${what} stopped (exit code ${code})`));
      };
      const onAbort = () => worker.postMessage(abort!.message);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      abort?.signal?.addEventListener('abort', onAbort, { once: true });
      worker.postMessage(message);
      if (abort?.signal?.aborted) onAbort();
    });
    return { result };
  }

  /** Keeps a worker whose import ended cleanly for the next one. */
  release(worker: Worker): void {
    worker.unref();
    const timer = setTimeout(() => {
      this.forget(worker);
      void worker.terminate();
    }, IDLE_MS).unref();
    this.idle.push({ worker, timer });
  }

  private forget(worker: Worker) {
    const i = this.idle.findIndex((e) => e.worker === worker);
    if (i >= 0) this.idle.splice(i, 1);
  }
}
