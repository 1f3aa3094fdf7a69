/**
 * The YML import's worker thread: parses the feed and prepares its offers (prepare.ts) while the main thread
 * writes them (pipeline.ts, importYml.ts), then maps the staged params by the main thread's plan
 * (stagedParams.ts). One import at a time; the main thread sends the feed's text, the context once asked,
 * the plan (or `close` when there is nothing to map), and an ack per batch it wrote. At most IN_FLIGHT
 * batches wait unwritten: the parse pauses until the writer catches up, so memory stays flat however fast
 * the parse is.
 */
import { parentPort } from 'node:worker_threads';
import { prepareFeed, type PrepareContext, type PrepareOptions } from './prepare';
import { RowFile } from './stagedParams';
import type { FromWorker, ToWorker } from './pipeline';
import { sendable } from '../threads/sentError';

/** Batches (of offers, or of mapped params) handed over and not yet written. */
const IN_FLIGHT = 3;

const port = parentPort!;
const send = (m: FromWorker) => port.postMessage(m);

interface Job {
  chunks: { text: string; warnings?: string[] }[];
  ended: boolean;
  wake: (() => void) | null;
  context: ((c: PrepareContext) => void) | null;
  /** The main thread's word once the feed is prepared: a plan to map the params by, or close. */
  next: ((m: Extract<ToWorker, { t: 'plan' | 'close' }>) => void) | null;
  inFlight: number;
  acked: (() => void) | null;
}
let job: Job | null = null;

port.on('message', (m: ToWorker) => {
  if (m.t === 'start') {
    job = { chunks: [], ended: false, wake: null, context: null, next: null, inFlight: 0, acked: null };
    void run(job, m.opts);
    return;
  }
  const j = job;
  if (!j) return;
  if (m.t === 'chunk') {
    j.chunks.push(m);
    j.wake?.();
  } else if (m.t === 'end') {
    j.ended = true;
    j.wake?.();
  } else if (m.t === 'context') j.context?.(m.context);
  else if (m.t === 'plan' || m.t === 'close') j.next?.(m);
  else if (m.t === 'ack') {
    j.inFlight--;
    j.acked?.();
  }
});

async function run(j: Job, opts: Omit<PrepareOptions, 'picture' | 'signal' | 'bindWarn'>) {
  let warn: (m: string) => void = () => undefined;
  async function* input(): AsyncGenerator<string> {
    for (;;) {
      const c = j.chunks.shift();
      if (c !== undefined) {
        send({ t: 'taken', size: c.text.length });
        for (const m of c.warnings ?? []) warn(m);
        yield c.text;
      } else if (j.ended) return;
      else {
        await new Promise<void>((r) => (j.wake = r));
        j.wake = null;
      }
    }
  }
  /** Hands a message over; waits while IN_FLIGHT of them are unwritten. */
  const handOver = async (m: FromWorker) => {
    send(m);
    j.inFlight++;
    while (j.inFlight >= IN_FLIGHT) {
      await new Promise<void>((r) => (j.acked = r));
      j.acked = null;
    }
  };
  try {
    const prepared = await prepareFeed(input(), { ...opts, bindWarn: (w) => (warn = w) }, {
      categories: async (list, notes) => send({ t: 'categories', list, notes }),
      context: (notes) =>
        new Promise<PrepareContext>((resolve) => {
          j.context = resolve;
          send({ t: 'context', notes });
        }),
      batch: (batch) => handOver({ t: 'batch', batch }),
    });
    const next = new Promise<Extract<ToWorker, { t: 'plan' | 'close' }>>((r) => (j.next = r));
    send({ t: 'done', end: prepared.end });
    const m = await next;
    if (m.t === 'plan') {
      // The rows go through a file, unacknowledged: the mapping runs ahead of the writer (stagedParams.ts RowFile).
      const rowFile = new RowFile(RowFile.beside(opts.stagingFile));
      const values = await prepared.mapParams(m.plan, {
        rows: async (rows) => {
          const at = rowFile.append(rows);
          if (at) send({ t: 'rowsAt', ...at });
          else await handOver({ t: 'rows', values: rows });
        },
        props: (list) => handOver({ t: 'props', list }),
      });
      send({ t: 'mapped', values });
    }
  } catch (e) {
    send({ t: 'error', error: sendable(e) });
  } finally {
    if (job === j) job = null;
  }
}

send({ t: 'ready' });
