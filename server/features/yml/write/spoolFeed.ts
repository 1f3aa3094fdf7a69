import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How often the download reports its bytes: each megabyte, and at least every quarter second while bytes come. */
const REPORT_EVERY = 1 << 20;
const REPORT_MS = 250;

/**
 * Downloads a linked feed into `dir` before its import begins, and answers a stream of the file. On SQLite an
 * import holds the one write lock of the whole server from its first statement: read straight from the link,
 * a slow or stalling supplier kept every shop's orders and saves waiting as long as the download lasted
 * (FEED_TIMEOUT_MS a read). Now the lock is taken after the download. The file is unlinked as soon as it is
 * open; a failed or cancelled download removes its part; a crash's part is an orphan sweepFeeds.ts removes.
 */
export async function spoolFeed(input: Readable, dir: string, signal: AbortSignal | undefined, onBytes: (bytes: number) => void): Promise<Readable> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `download-${crypto.randomUUID()}.part`);
  let bytes = 0;
  let reported = 0;
  let reportedAt = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes - reported >= REPORT_EVERY || performance.now() - reportedAt >= REPORT_MS) {
        reportedAt = performance.now();
        onBytes((reported = bytes));
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(input, count, fs.createWriteStream(file), { signal });
    onBytes(bytes);
    const fd = fs.openSync(file, 'r');
    fs.rmSync(file);
    return fs.createReadStream('', { fd, highWaterMark: 1 << 16 });
  } catch (e) {
    fs.rmSync(file, { force: true });
    throw e;
  }
}
