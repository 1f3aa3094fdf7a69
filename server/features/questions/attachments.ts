/**
 * A question's pictures are made off the request path (issue 34): decoding and encoding a large one costs
 * seconds of CPU, and the customer waited for every one of them. The request checks each file's header only
 * (its kind and size: images.ts checkImage), counts the daily budget, keeps the files as they came in
 * DATA_DIR/pending/questions and stores the question with `pending` = their number; it answers at once.
 *
 * The worker (one per process) makes the pictures, one file at a time in the process (a flood keeps one of
 * libuv's threads busy, not all of them), and writes them into the question. It is kicked after each question
 * and looks every `intervalMs` for questions left behind (a process that stopped mid-way): a claim is a lease
 * (`pending_at`) another process takes over after LEASE_MS. A file whose pixels turn out broken is dropped
 * and counted (`failed`). Once an hour it deletes files no waiting question names (sweepPending).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppServices } from '../../api/context';
import { now } from '../../db/database';
import type { StoredImage } from '../images/public';
import { sweepFolder } from '../../lib/sweepFolder';

const LEASE_MS = 10 * 60_000;
/** A pending file no waiting question names goes this long after it was written (a crash between keeping and storing). */
export const PENDING_ORPHAN_MS = 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;

/** What a question's `data` holds of its pictures. */
export interface QuestionPictures {
  images?: StoredImage[];
  /** Files still waiting, by name in the pending folder. */
  pending?: string[];
  /** Files whose pixels could not be read. */
  failed?: number;
}

export const pendingDir = (dataDir: string) => path.join(dataDir, 'pending', 'questions');

/** Keeps the files as they came until the worker makes their pictures; their names. */
export async function keepPending(dataDir: string, files: Buffer[]): Promise<string[]> {
  const dir = pendingDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const names: string[] = [];
  for (const f of files) {
    const name = `${crypto.randomBytes(12).toString('hex')}.bin`;
    await fs.promises.writeFile(path.join(dir, name), f);
    names.push(name);
  }
  return names;
}

/** Removes kept files no question will make (its insert failed, or the owner deleted it first). */
export async function dropPending(dataDir: string, names: string[] | undefined): Promise<void> {
  for (const name of names ?? []) if (/^[0-9a-f]{24}\.bin$/.test(name)) await fs.promises.rm(path.join(pendingDir(dataDir), name), { force: true });
}

/**
 * Deletes the pending files that no waiting question names and that are older than PENDING_ORPHAN_MS: those of
 * a process that stopped between keeping them and storing the question (dropPending covers the other cases).
 * The number deleted.
 */
export async function sweepPending(services: Pick<AppServices, 'db' | 'config'>, at = Date.now()): Promise<number> {
  const named = new Set<string>();
  for (const r of await services.db.selectFrom('questions').select('data').where('pending', '>', 0).execute())
    for (const name of (JSON.parse(r.data) as QuestionPictures).pending ?? []) named.add(name);
  const swept = await sweepFolder(pendingDir(services.config.dataDir), (name) => (named.has(name) ? Infinity : PENDING_ORPHAN_MS), at);
  return swept.length;
}

export interface AttachmentWorker {
  /** Look now (a question was just stored). */
  kick(): void;
  /** Resolves when nothing is being made or waiting in this process (tests). */
  idle(): Promise<void>;
  stop(): void;
}

declare module '../../api/context' {
  interface AppServices {
    /** The question pictures' worker (features/questions/attachments.ts). */
    attachments?: AttachmentWorker;
  }
}

export function startAttachmentWorker(services: AppServices, intervalMs: number): AttachmentWorker {
  const { db, images, config } = services;
  const dir = pendingDir(config.dataDir);
  let running: Promise<void> | null = null;
  let again = false;
  let sweptAt = 0;
  let stopped = false;

  async function makeOne(id: number): Promise<void> {
    const at = now();
    const claimed = await db
      .updateTable('questions')
      .set({ pending_at: at })
      .where('id', '=', id)
      .where('pending', '>', 0)
      .where((eb) => eb.or([eb('pending_at', 'is', null), eb('pending_at', '<', new Date(Date.now() - LEASE_MS).toISOString())]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const row = await db.selectFrom('questions').select(['store_id', 'data']).where('id', '=', id).executeTakeFirstOrThrow();
    const data = JSON.parse(row.data) as QuestionPictures & Record<string, unknown>;
    const made: StoredImage[] = [];
    let failed = data.failed ?? 0;
    for (const name of data.pending ?? []) {
      const bytes = await fs.promises.readFile(path.join(dir, name)).catch(() => null);
      try {
        if (!bytes) throw new Error('gone');
        made.push(await images.saveImage(row.store_id, 'questions', bytes));
      } catch {
        failed++;
      }
    }
    const { pending, ...rest } = data;
    await db
      .updateTable('questions')
      .set({ data: JSON.stringify({ ...rest, images: [...(data.images ?? []), ...made], ...(failed ? { failed } : {}) }), pending: 0, pending_at: null })
      .where('id', '=', id)
      .where('pending_at', '=', at)
      .execute();
    for (const name of pending ?? []) await fs.promises.rm(path.join(dir, name), { force: true });
  }

  /** Every question waiting (not claimed by a live lease), twenty at a time. */
  async function pass(): Promise<void> {
    for (;;) {
      const lease = new Date(Date.now() - LEASE_MS).toISOString();
      const rows = await db
        .selectFrom('questions')
        .select('id')
        .where('pending', '>', 0)
        .where((eb) => eb.or([eb('pending_at', 'is', null), eb('pending_at', '<', lease)]))
        .orderBy('id')
        .limit(20)
        .execute();
      for (const r of rows) {
        if (stopped) return;
        await makeOne(r.id);
      }
      if (rows.length < 20) return;
    }
  }

  /** A kick during a pass makes one more: a question stored meanwhile is not left for the interval. */
  const kick = () => {
    if (stopped) return;
    again = true;
    if (running) return;
    running = (async () => {
      while (again && !stopped) {
        again = false;
        await pass();
      }
      if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        await sweepPending(services);
      }
    })()
      .catch((e) => console.error('question attachments:', e))
      .finally(() => {
        running = null;
      });
  };
  const timer = intervalMs > 0 ? setInterval(kick, intervalMs) : null;
  timer?.unref();
  kick();

  return {
    kick,
    async idle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
