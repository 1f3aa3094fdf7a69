/**
 * The YML import as the admin's jobs and the CLI call it: raw feed bytes in (a Node stream, gzipped or not,
 * in any declared encoding), a report out. The whole import is one transaction: an aborted signal, a broken
 * feed or any error leaves the catalogue exactly as it was.
 */
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Database, Dialect } from '../../../db/database';
import type { Db } from '../../../db/types';
import type { ImageStore } from '../../images/public';
import type { UndoReport } from '../write/importUndo';
import { importYml } from '../write/importYml';
import type { ImportExamples, ImportMode } from '../write/importMode';

export interface ImportProgress {
  offersRead: number;
  /** Raw (possibly gzipped) bytes read from the input so far. */
  bytesRead: number;
  /** SQLite: the link's feed is being downloaded; its import (bytes read again from 0) follows (write/spoolFeed.ts). */
  downloading?: boolean;
}

export interface ImportReport {
  /** `replace` hides what the feed lacks, `merge` hides nothing (importMode.ts). */
  mode: ImportMode;
  /** A preview: counted, rolled back, nothing stored changed. */
  preview: boolean;
  created: number;
  updated: number;
  /** Offers the feed gives exactly as the shop has them. */
  unchanged: number;
  /** Offers a `replace` of this feed hides (in `merge`: would have hidden). */
  wouldHide: number;
  /** Offers whose fields changed by hand stay the owner's against the feed's values (write/importYml.ts). */
  ownerKept: number;
  /** A few offer names of each kind. */
  examples: ImportExamples;
  /** Offers of the store the feed no longer has: hidden, not deleted. */
  hidden: number;
  /** Offers not imported, counted by reason (`category_missing`: its category is not declared). */
  skipped: { reason: string; count: number }[];
  /** Warnings counted by kind (duplicate_offer, undeclared_category, bad_value, unknown_element, …). */
  warnings: Record<string, number>;
  /** The first offer ids (at most 20) of each kind's warnings. */
  warningIds: Record<string, string[]>;
  /** The first warnings as text (at most 500), for the owner to read. */
  warningTexts: string[];
  categories: { total: number; created: number; updated: number; hidden: number };
  /** New params created as filters. */
  params: number;
  /** Param names beyond the store's 64 filter slots, kept as display-only item properties. */
  displayOnlyParams: number;
  offersRead: number;
  bytesRead: number;
  /** The import's stamp, the key of its undo (write/importUndo.ts); '' for a preview. */
  stamp: string;
  /** false: it rewrote more offers than an undo keeps (UNDO_MAX_OFFERS). */
  undoable: boolean;
  /** Set when the owner undid the import (POST /rest/yml_imports/:id/undo). */
  undo?: UndoReport;
}

export interface ImportFeedOptions {
  /** The database (or its Kysely handle with `dialect`). */
  database?: Database;
  db?: Db;
  dialect?: Dialect;
  storeId: number;
  input: Readable | AsyncIterable<Uint8Array>;
  totalBytes?: number;
  signal?: AbortSignal;
  onProgress?: (p: ImportProgress) => void;
  /** Only for local feeds with relative picture paths (CLI, demo). */
  images?: ImageStore;
  baseDir?: string;
  /** Offers a first import writes before it builds the indexes after its rows instead (tests lower it). */
  deferIndexesAt?: number;
  mode?: ImportMode;
  preview?: boolean;
  /** In `replace`: the largest share of the shop's products it may hide (a scheduled refresh: SCHEDULED_HIDE_SHARE). */
  hideAtMost?: number;
  /** Every warning as CSV there (the job's downloadable list). */
  warningsFile?: string;
}

/** Gzip's magic bytes: a feed may be served or uploaded as .xml.gz. */
const isGzip = (b: Uint8Array) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;

/** The input's bytes, counted as read, gunzipped when they start with gzip's magic bytes. */
export async function* feedBytes(input: Readable | AsyncIterable<Uint8Array>, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  const it = (input as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  const next = async () => {
    const r = await it.next();
    if (!r.done) onBytes(r.value.length);
    return r;
  };
  let head: Uint8Array = new Uint8Array(0);
  while (head.length < 2) {
    const r = await next();
    if (r.done) break;
    head = head.length ? Buffer.concat([head, r.value]) : r.value;
  }
  async function* raw() {
    if (head.length) yield head;
    for (;;) {
      const r = await next();
      if (r.done) return;
      yield r.value;
    }
  }
  if (!isGzip(head)) return yield* raw();
  const gunzip = zlib.createGunzip();
  pipeline(Readable.from(raw()), gunzip, () => {});
  for await (const chunk of gunzip) yield chunk as Buffer;
}

const noImages = new Proxy({} as ImageStore, {
  get: () => () => Promise.reject(new Error('pictures of a remote feed are never read from disk')),
});

/** Imports a feed into a store; see the module comment. Rejects with the signal's reason when aborted. */
export async function importFeed(opts: ImportFeedOptions): Promise<ImportReport> {
  const db = opts.database?.db ?? opts.db;
  const dialect = opts.database?.dialect ?? opts.dialect;
  if (!db || !dialect) throw new Error('importFeed needs a database');
  let bytesRead = 0;
  let offersRead = 0;
  const progress = () => opts.onProgress?.({ offersRead, bytesRead });
  const input = feedBytes(opts.input, (n) => {
    bytesRead += n;
    progress();
  });
  // A cancel also ends a stalled download, not only the parsing between chunks.
  const source = opts.input as Partial<Readable>;
  const onAbort = () => source.destroy?.(opts.signal?.reason instanceof Error ? opts.signal.reason : new Error('The import was cancelled'));
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const r = await importYml(db, dialect, opts.images ?? noImages, opts.storeId, input, {
    baseDir: opts.images ? opts.baseDir : undefined,
    signal: opts.signal,
    deferIndexesAt: opts.deferIndexesAt,
    mode: opts.mode,
    hideAtMost: opts.hideAtMost,
    preview: opts.preview,
    warningsFile: opts.warningsFile,
    onProgress: (n) => {
      offersRead = n;
      progress();
    },
  }).finally(() => opts.signal?.removeEventListener('abort', onAbort));
  offersRead = r.offers;
  return {
    mode: r.mode,
    preview: r.preview,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    wouldHide: r.wouldHide,
    ownerKept: r.ownerKept,
    examples: r.examples,
    hidden: r.hidden,
    skipped: Object.entries(r.skippedBy).map(([reason, count]) => ({ reason, count })),
    warnings: r.warningKinds,
    warningIds: r.warningIds,
    warningTexts: r.warnings,
    categories: { total: r.categories, ...r.categoryReport },
    params: r.params,
    displayOnlyParams: r.displayOnlyParams,
    offersRead,
    bytesRead,
    stamp: r.preview ? '' : r.stamp,
    undoable: r.undoable,
  };
}
