import zlib from 'node:zlib';

/**
 * Whole answers of public catalogue reads (category pages, the whole shop, a search's first page, the item
 * page, the category tree, filters), kept as the bytes sent, per process, each valid for one catalogue
 * version of its store (db/catalogueVersion.ts: every catalogue write bumps it in its transaction,
 * every process reads it per request). The key is the store, the api name and the request's fields as the
 * handler reads them (sorted), so shops, languages, pages and sorts never share an entry.
 *
 * Bounded by bytes (least recently used out first); an entry of an older version is dropped when met.
 * Concurrent misses of one key share one computation. The gzip and brotli forms are made once per entry,
 * on first demand.
 */
export interface CachedAnswer {
  key: string;
  version: number;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  bytes: number;
  /** What the answer needs beside its bytes (a page's status and CSP). */
  meta?: Record<string, string | number>;
}

/** What an entry costs beyond its bytes (the key, the object, the map's slot). */
const OVERHEAD = 200;

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly computing = new Map<string, Promise<CachedAnswer | null>>();
  private used = 0;
  hits = 0;
  misses = 0;

  constructor(readonly maxBytes: number) {}

  get size() {
    return this.entries.size;
  }
  get bytes() {
    return this.used;
  }

  /** The entry of this key made at this version, or undefined (an older one is dropped). */
  get(key: string, version: number): CachedAnswer | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.version !== version) {
      this.used -= e.bytes;
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.set(key, e);
    return e;
  }

  set(key: string, version: number, body: Buffer, meta?: CachedAnswer['meta']): CachedAnswer {
    const entry: CachedAnswer = { key, version, body, bytes: body.length + key.length * 2 + OVERHEAD, ...(meta ? { meta } : {}) };
    if (entry.bytes > this.maxBytes / 8) return entry;
    const old = this.entries.get(key);
    if (old) {
      // A slower computation of an older version must not replace a newer one.
      if (old.version > version) return entry;
      this.entries.delete(key);
      this.used -= old.bytes;
    }
    this.entries.set(key, entry);
    this.used += entry.bytes;
    this.evict();
    return entry;
  }

  /** The cached answer, or `make`'s (kept when it gives one; concurrent callers of a key share it). */
  async getOrMake(key: string, version: number, make: () => Promise<Buffer | { body: Buffer; meta: CachedAnswer['meta'] } | null>): Promise<CachedAnswer | null> {
    const hit = this.get(key, version);
    if (hit) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const slot = `${version}\u0000${key}`;
    let pending = this.computing.get(slot);
    if (!pending) {
      pending = make()
        .then((made) => (made === null ? null : Buffer.isBuffer(made) ? this.set(key, version, made) : this.set(key, version, made.body, made.meta)))
        .finally(() => this.computing.delete(slot));
      this.computing.set(slot, pending);
    }
    return pending;
  }

  /** The entry's bytes in this encoding (made and kept on first use). */
  encoded(entry: CachedAnswer, encoding: 'br' | 'gzip'): Buffer {
    let out = entry[encoding];
    if (!out) {
      out = compressAnswer(entry.body, encoding);
      entry[encoding] = out;
      entry.bytes += out.length;
      if (this.entries.get(entry.key) === entry) {
        this.used += out.length;
        this.evict();
      }
    }
    return out;
  }

  clear() {
    this.entries.clear();
    this.used = 0;
  }

  private evict() {
    for (const [k, e] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(k);
      this.used -= e.bytes;
    }
  }
}

/**
 * Brotli's quality for answers: 3 compresses a 9 KB list in 0.046 ms to 1,723 bytes, 4 in 0.101 ms to 1,685, and
 * a 38 KB item page in 0.156 against 0.305 ms (9,525 against 8,975 bytes); the 1M cart row without the cache took
 * 0.53-0.58 ms of CPU an answer at 3, 0.65 at 4 (session 55, docs/PERFORMANCE.md).
 */
export const BROTLI_QUALITY = 3;

/**
 * An answer's bytes compressed at once, brotli told the size (it then sets up a window for that size, not
 * for 4 MB: half the time of @fastify/compress's stream for a 10 KB list, issue 33).
 */
export function compressAnswer(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body);
}

/**
 * The encoding to send of those we keep, from Accept-Encoding as @fastify/compress negotiates it: the
 * highest q of br and gzip (x-gzip and * count as gzip), brotli on a tie, `q=0` refusing; null: plain bytes.
 */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  let br = -1;
  let gzip = -1;
  for (const part of value.toLowerCase().split(',')) {
    const [rawName, ...opts] = part.split(';');
    const name = rawName.trim();
    const qOpt = opts.map((o) => o.trim()).find((o) => o.startsWith('q='));
    const q = qOpt === undefined ? 1 : Number(qOpt.slice(2));
    if (!(q > 0)) continue;
    if (name === 'br') br = Math.max(br, q);
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gzip = Math.max(gzip, q);
  }
  if (br < 0 && gzip < 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}
