/**
 * The import the job runner calls: one feed stream into one store, with progress and a report.
 *
 * A thin adapter over today's importer (server/services/yml/importYml.ts) and fetcher (server/lib/feedUrl.ts)
 * with the signatures of the rewritten ones (importFeed, openFeedUrl), so the runner switches to them by
 * changing the import line only.
 */
import { Transform, type Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { fetchFeed } from '../../lib/feedUrl';
import type { ImageStore } from '../../services/images';
import { importYml } from '../../services/yml/importYml';

export interface ImportReport {
  created: number;
  updated: number;
  hidden: number;
  skipped: { reason: string; count: number }[];
  warnings: Record<string, number>;
  displayOnlyParams: number;
}

export interface ImportFeedOptions {
  database: Database;
  storeId: number;
  input: Readable;
  totalBytes?: number | null;
  signal?: AbortSignal;
  onProgress?: (p: { offersRead: number; bytesRead: number }) => void;
  images?: ImageStore;
}

/** The kind of one of today's importer's warning lines (the rewritten importer counts kinds itself). */
function warningKind(message: string): { skipped?: string; kind?: string } {
  if (/is not declared, offer skipped/.test(message)) return { skipped: 'missing_category' };
  if (/skipped/.test(message) && /^offer/.test(message)) return { skipped: 'invalid_offer' };
  if (/appears twice/.test(message)) return { kind: 'duplicate_id' };
  if (/dropped/.test(message)) return { kind: 'invalid_value' };
  if (/^picture/.test(message)) return { kind: 'picture' };
  return { kind: 'other' };
}

export async function importFeed(opts: ImportFeedOptions): Promise<ImportReport> {
  let bytesRead = 0;
  let offersRead = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytesRead += chunk.length;
      done(null, chunk);
    },
  });
  opts.input.on('error', (e) => counter.destroy(e));
  // A cancel ends a stalled download too, not only the parsing between chunks.
  const onAbort = () => {
    opts.input.destroy();
    counter.destroy(new Error('The import was cancelled'));
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  opts.input.pipe(counter);
  const timer = setInterval(() => opts.onProgress?.({ offersRead, bytesRead }), 250);
  try {
    // Pictures of a streamed feed are links (relative paths need a feed folder): the image store is not read.
    const images = opts.images as ImageStore;
    const result = await importYml(opts.database.db, opts.database.dialect, images, opts.storeId, counter, {
      signal: opts.signal,
      onProgress: (n) => {
        offersRead = n;
        opts.onProgress?.({ offersRead, bytesRead });
      },
    });
    const skipped = new Map<string, number>();
    const warnings: Record<string, number> = {};
    for (const w of result.warnings) {
      const k = warningKind(w);
      if (k.skipped) skipped.set(k.skipped, (skipped.get(k.skipped) ?? 0) + 1);
      else if (k.kind) warnings[k.kind] = (warnings[k.kind] ?? 0) + 1;
    }
    // Today's importer caps its warning list: the rest of the skipped offers have no reason line.
    const named = [...skipped.values()].reduce((a, b) => a + b, 0);
    if (result.skipped > named) skipped.set('other', (skipped.get('other') ?? 0) + result.skipped - named);
    opts.onProgress?.({ offersRead: result.offers, bytesRead });
    return {
      created: result.created,
      updated: result.updated,
      hidden: 0,
      skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
      warnings,
      displayOnlyParams: 0,
    };
  } finally {
    clearInterval(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** Opens a feed link through the guarded fetcher (SSRF checks at connect time, size and time caps). */
export async function openFeedUrl(
  url: string,
  opts: { maxBytes: number; timeoutMs: number; allowPrivate?: boolean; signal?: AbortSignal },
): Promise<{ stream: Readable; totalBytes: number | null }> {
  const fetched = await fetchFeed(url, opts);
  return { stream: fetched.stream, totalBytes: fetched.size };
}
