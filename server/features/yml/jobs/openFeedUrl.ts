/**
 * The guarded feed fetcher as a plain stream, for the import jobs: `openFeedUrl(url)` returns at once a
 * Readable of the feed's raw bytes (gzip is left to importFeed, which detects it by its magic bytes). Every
 * check of server/lib/feedUrl.ts applies: http(s) only, the connected address checked at connect time (so DNS
 * rebinding gains nothing), each redirect checked again, a size cap (FEED_MAX_BYTES, default 1 GB) and a
 * stall cap (FEED_TIMEOUT_MS, default 30 s). Private addresses only with ALLOW_PRIVATE_FEEDS=1. Any refusal
 * or failure arrives as the stream's error, a FeedUrlError with a `code`.
 */
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { FEED_DEFAULTS, fetchFeed } from '../../../lib/feedUrl';

export { FeedUrlError } from '../../../lib/feedUrl';

export interface OpenFeedOptions {
  maxBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Defaults to ALLOW_PRIVATE_FEEDS=1 in the environment. */
  allowPrivate?: boolean;
}

/** A feed stream; `feedSize` is the Content-Length once the response arrived (null when not sent). */
export type FeedStream = Readable & { feedSize?: number | null; feedUrl?: URL };

export function openFeedUrl(url: string, opts: OpenFeedOptions = {}): FeedStream {
  const pass = new PassThrough();
  const out: FeedStream = pass;
  fetchFeed(url, {
    maxBytes: opts.maxBytes ?? FEED_DEFAULTS.maxBytes,
    timeoutMs: opts.timeoutMs ?? FEED_DEFAULTS.timeoutMs,
    signal: opts.signal,
    allowPrivate: opts.allowPrivate ?? process.env.ALLOW_PRIVATE_FEEDS === '1',
  }).then(
    ({ stream, size, url: final }) => {
      out.feedSize = size;
      out.feedUrl = final;
      out.emit('response', { size, url: final });
      pipeline(stream, pass, () => {});
    },
    (e) => out.destroy(e),
  );
  return out;
}
