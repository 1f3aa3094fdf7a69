/**
 * Runs the pure half of an import (prepare.ts) in a worker thread, so that on two cores the parse, the
 * validation, the stemming and the hashing of the next offers overlap the database writes of the previous
 * ones in the main thread (which holds the transaction). The main thread reads the input and passes its
 * chunks on (at most INPUT_AHEAD characters not yet taken by the parser), and answers the worker's requests
 * through the same sink as an in-thread run: the same writes, in the same order.
 *
 * A worker that cannot start (no worker threads, its module does not load) gives null before anything of
 * the input is read, and the caller prepares in its own thread. A failed or cancelled import ends its
 * worker; one that finished is kept idle for the next import (workerPool.ts). YML_IMPORT_WORKER=0 never
 * starts one.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { YmlCategory, YmlInput, YmlParam } from './types';
import { decodeFeed } from './decode';
import type { Notes, OfferBatch, PrepareContext, PrepareEnd, PrepareOptions, Prepared, PrepareSink } from './prepare';
import { RowFile, type ParamPlan, type ParamSink } from './stagedParams';
import type { SentError } from '../threads/sentError';
import { revive, WorkerPool } from '../threads/workerPool';

/** Messages of the main thread to the worker. */
export type ToWorker =
  | { t: 'start'; opts: Omit<PrepareOptions, 'picture' | 'signal' | 'bindWarn'> }
  /** Decoded text of the feed, with the warnings of its decoding before it. */
  | { t: 'chunk'; text: string; warnings?: string[] }
  | { t: 'end' }
  | { t: 'context'; context: PrepareContext }
  | { t: 'plan'; plan: ParamPlan }
  /** Nothing to map: the job ends. */
  | { t: 'close' }
  | { t: 'ack' };

/** Messages of the worker to the main thread. */
export type FromWorker =
  | { t: 'ready' }
  | { t: 'taken'; size: number }
  | { t: 'categories'; list: YmlCategory[]; notes: Notes }
  | { t: 'context'; notes: Notes }
  | { t: 'batch'; batch: OfferBatch }
  | { t: 'done'; end: PrepareEnd }
  | { t: 'rows'; values: unknown[] }
  /** offer_params rows the worker appended to the mapped rows' file (stagedParams.ts RowFile): not acknowledged. */
  | { t: 'rowsAt'; offset: number; length: number }
  | { t: 'props'; list: { offerId: string; props: YmlParam[] }[] }
  | { t: 'mapped'; values: unknown[][] }
  | { t: 'error'; error: SentError };

/**
 * Input characters handed to the worker and not yet taken by its parser. The text waiting in the worker
 * outlives its young-generation collections and is promoted: with 2 M characters the worker's old generation
 * filled with ~70 MB of such garbage between its full collections, and a 1M import peaked at 1.24–1.31x of a
 * 10 000-offer import's memory; with 512 K, 1.13–1.15x at the same speed (alternated runs in OPERATIONS.md).
 */
const INPUT_AHEAD = 1 << 19;
/**
 * The worker's young generation. The parse makes short-lived objects at a high rate, and a batch lives until
 * it is posted: with 8 MB most of a batch outlived two scavenges and was promoted, and the worker ran a full
 * collection every 0.6 s. 32 MB took a 1M import about 11–15 % less time and raised its peak memory by 30–50
 * MB (to 1.25–1.36x of a 10 000-offer import's, against 1.19–1.23x); the runs are in OPERATIONS.md, Import speed.
 */
const YOUNG_MB = 32;
const here = fileURLToPath(import.meta.url);
const pool = new WorkerPool(new URL(`./importWorker${path.extname(here)}`, import.meta.url).href, { maxYoungGenerationSizeMb: YOUNG_MB });

/** Whether imports may use a worker thread (tests switch it off to compare both paths). */
export const workerEnabled = (): boolean => pool.enabled();

/** Tests: workers from another entry module (one that fails: no worker can start), or null for the real one. */
export const setWorkerEntryForTests = (url: string | null): void => pool.setEntry(url);

const checkAbort = (signal?: AbortSignal) => {
  if (signal?.aborted) throw signal.reason ?? new Error('YML parse aborted');
};

/** A feed prepared in a worker: map its params (or not), then close it (the worker is kept when all went well). */
export interface PreparedInWorker extends Prepared {
  close(): void;
}

/**
 * prepareFeed in a worker: resolves as prepareFeed does once every batch is written through the sink, or
 * with null (nothing read) when no worker is available. The caller then maps the params (or not) and closes.
 */
export async function prepareInWorker(input: YmlInput, opts: PrepareOptions, sink: PrepareSink): Promise<PreparedInWorker | null> {
  const worker = await pool.acquire();
  if (!worker) return null;
  const { picture: _picture, signal, bindWarn: _bindWarn, ...workerOpts } = opts;
  let failure: { error: unknown } | null = null;
  const inbox: FromWorker[] = [];
  let wakeInbox: (() => void) | null = null;
  let ahead = 0;
  let wakePump: (() => void) | null = null;
  let paramSink: ParamSink | null = null;
  const rowsFile = RowFile.beside(opts.stagingFile);
  const fail = (error: unknown) => {
    failure ??= { error };
    wakeInbox?.();
    wakePump?.();
  };
  const onMessage = (m: FromWorker) => {
    if (m.t === 'taken') {
      ahead -= m.size;
      wakePump?.();
    } else {
      inbox.push(m);
      wakeInbox?.();
    }
  };
  const onError = (e: Error) => fail(e);
  const onExit = (code: number) => fail(new Error(`the YML import worker stopped (exit code ${code})`));
  // Only these: removeAllListeners would also drop the Worker's own (its port's referencing).
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  const post = (m: ToWorker) => worker.postMessage(m);
  let closed = false;
  /** Ends this import's use of the worker: kept for the next import when its job ended cleanly, else stopped. */
  const close = (clean: boolean) => {
    if (closed) return;
    closed = true;
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    if (clean && !failure) pool.release(worker);
    else void worker.terminate();
  };

  /**
   * Reads and decodes the input into the worker, INPUT_AHEAD characters ahead of its parser at most. Decoded
   * here: the input's buffers die young in this thread (strings made from them keep its young generation
   * collected), where handing them over as bytes left them to pile up as external memory between this
   * thread's rare collections (100 MB at 100 000 offers).
   */
  const pump = async () => {
    let warnings: string[] = [];
    for await (const text of decodeFeed(input, (m) => warnings.push(m))) {
      if (failure) return;
      checkAbort(signal);
      post(warnings.length ? { t: 'chunk', text, warnings } : { t: 'chunk', text });
      if (warnings.length) warnings = [];
      ahead += text.length;
      while (ahead > INPUT_AHEAD && !failure) {
        await new Promise<void>((r) => (wakePump = r));
        wakePump = null;
      }
    }
    if (failure) return;
    checkAbort(signal);
    if (warnings.length) post({ t: 'chunk', text: '', warnings });
    post({ t: 'end' });
  };

  /** Answers the worker in order (every sink call awaited before the next message) until `until` comes. */
  const serve = async <T extends 'done' | 'mapped'>(until: T): Promise<Extract<FromWorker, { t: T }>> => {
    for (;;) {
      if (failure) throw (failure as { error: unknown }).error;
      const m = inbox.shift();
      if (!m) {
        await new Promise<void>((r) => (wakeInbox = r));
        wakeInbox = null;
        continue;
      }
      if (m.t === until) return m as Extract<FromWorker, { t: T }>;
      switch (m.t) {
        case 'categories':
          await sink.categories(m.list, m.notes);
          break;
        case 'context':
          post({ t: 'context', context: await sink.context(m.notes) });
          break;
        case 'batch':
          checkAbort(signal);
          await sink.batch(m.batch);
          post({ t: 'ack' });
          break;
        case 'rows':
          checkAbort(signal);
          await paramSink!.rows(m.values);
          post({ t: 'ack' });
          break;
        case 'rowsAt':
          checkAbort(signal);
          await paramSink!.rows(RowFile.read(rowsFile, m.offset, m.length));
          break;
        case 'props':
          await paramSink!.props(m.list);
          post({ t: 'ack' });
          break;
        case 'error':
          throw revive(m.error);
        default:
          throw new Error(`the YML import worker sent ${m.t} out of turn`);
      }
    }
  };
  const failing = (e: unknown) => {
    fail(e);
    close(false);
    throw e;
  };

  post({ t: 'start', opts: workerOpts });
  // Either side's failure wakes the other at once, but the import fails only once both have stopped: a batch
  // being written when the owner cancels finishes its statements first. (Rejecting at once let the caller's
  // transaction roll back while the batch went on, so on PostgreSQL its last insert ran after the ROLLBACK,
  // outside any transaction, and stayed: a cancelled import left a batch's search rows.)
  const stops = <T>(side: Promise<T>) => side.catch((e: unknown) => (fail(e), Promise.reject(e)));
  const [pumped, served] = await Promise.allSettled([stops(pump()), stops(serve('done'))]);
  if (pumped.status === 'rejected' || served.status === 'rejected') failing((failure as unknown as { error: unknown }).error);
  const done = (served as PromiseFulfilledResult<Extract<FromWorker, { t: 'done' }>>).value;
  let mapped = false;
  return {
    end: done.end,
    mapParams: async (plan, s, meanwhile) => {
      paramSink = s;
      mapped = true;
      post({ t: 'plan', plan });
      // The worker maps (into the rows' file, unacknowledged) while this thread does what needs no param.
      if (meanwhile) await meanwhile().catch(failing);
      const m = await serve('mapped').catch(failing);
      return m.values;
    },
    close: () => {
      if (!mapped && !failure && !closed) post({ t: 'close' });
      close(true);
    },
  };
}
