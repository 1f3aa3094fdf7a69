/**
 * YML feed URLs: which ones may be fetched, and fetching them with a timeout and a size limit.
 *
 * A shop owner types the feed link, so the server must not become a proxy into its own network (SSRF):
 * a feed host that resolves to a private, loopback, link-local, CGNAT, multicast or reserved address is
 * refused unless private feeds are allowed (ALLOW_PRIVATE_FEEDS=1, for tests and intranet feeds). The
 * check runs on the address actually connected to (a custom DNS lookup), on every redirect hop, so a
 * name that resolves differently the second time (DNS rebinding) gains nothing.
 *
 * Used by `npm run import-yml` and by the admin's YML import job.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Transform, type Readable } from 'node:stream';

/** Why a feed could not be fetched; `code` is a translation key of the error catalogue. */
export class FeedUrlError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid_input' | 'forbidden_address' | 'too_large' | 'timeout' | 'fetch_failed' = 'invalid_input',
  ) {
    super(message);
    this.name = 'FeedUrlError';
  }
}

// Addresses a public feed never has. IPv4-mapped and NAT64 IPv6 forms are unwrapped before the check.
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6_BLOCKED: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
];
const blocked = new net.BlockList();
for (const [a, p] of V4_BLOCKED) blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of V6_BLOCKED) blocked.addSubnet(a, p, 'ipv6');

/** The IPv4 address an IPv6 address carries (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d, 2002:AABB:CCDD::), if any. */
function embeddedV4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const words = expandV6(lower);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:XXXX:XXXX and ::XXXX:XXXX (deprecated IPv4-compatible), 64:ff9b::/96 (NAT64)
  if (words.slice(0, 5).every((w) => w === 0) && (words[5] === 0xffff || words[5] === 0) && (words[6] || words[7])) return v4(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) return v4(words[6], words[7]);
  if (words[0] === 0x2002) return v4(words[1], words[2]); // 6to4
  return null;
}

function expandV6(ip: string): number[] | null {
  if (!net.isIPv6(ip)) return null;
  let s = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    s = s.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined ? (tail ? tail.split(':') : []) : [];
  const fill = tail !== undefined ? 8 - h.length - t.length : 0;
  const all = [...h, ...Array(fill).fill('0'), ...t];
  return all.length === 8 ? all.map((w) => parseInt(w, 16)) : null;
}

/** Whether an IP address is one a public feed cannot have (private, loopback, link-local, reserved…). Non-IPs count as private. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIPv4(bare)) return blocked.check(bare, 'ipv4');
  if (net.isIPv6(bare)) {
    const v4 = embeddedV4(bare);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return true;
}

export interface FeedUrlOptions {
  /** ALLOW_PRIVATE_FEEDS=1: private and loopback hosts are allowed (tests, intranet feeds). */
  allowPrivate?: boolean;
  /**
   * Tests only: an address and port taken as public (a local server standing in for a real feed host), so
   * the checks of the next hop (a redirect to another loopback port) can be proved on 127.0.0.1.
   */
  trust?: (address: string, port: number) => boolean;
  /** DNS lookup (all addresses); tests pass a fake. */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
}

const defaultLookup = (host: string) => dns.promises.lookup(host, { all: true, verbatim: true });

/** Parses and checks a feed URL's form: http(s) only, a host, no more than 2000 characters. */
export function parseFeedUrl(raw: string): URL {
  const text = raw.trim();
  if (text.length > 2000) throw new FeedUrlError('The feed URL is too long');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FeedUrlError(`Not a URL: ${text.slice(0, 100)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedUrlError(`Only http and https feed URLs are allowed, not ${url.protocol}`);
  if (!url.hostname) throw new FeedUrlError('The feed URL has no host');
  return url;
}

/**
 * Checks that a feed URL may be fetched: its form, then every address its host resolves to. Resolves
 * to the parsed URL; rejects with a {@link FeedUrlError} (code `forbidden_address` for a private host).
 */
export async function checkFeedUrl(raw: string, opts: FeedUrlOptions = {}): Promise<URL> {
  const url = parseFeedUrl(raw);
  if (opts.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string }[];
  if (net.isIP(host)) addresses = [{ address: host }];
  else {
    try {
      addresses = await (opts.lookup ?? defaultLookup)(host);
    } catch (e) {
      throw new FeedUrlError(`The feed host ${host} cannot be resolved (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, 'fetch_failed');
    }
  }
  if (!addresses.length) throw new FeedUrlError(`The feed host ${host} has no address`, 'fetch_failed');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const bad = addresses.find((a) => isPrivateAddress(a.address) && !opts.trust?.(a.address, port));
  if (bad) throw new FeedUrlError(privateMessage(host, bad.address), 'forbidden_address');
  return url;
}

const privateMessage = (host: string, address: string) =>
  `The feed host ${host} resolves to a private address (${address}); set ALLOW_PRIVATE_FEEDS=1 to allow private feeds`;

export interface FetchFeedOptions extends FeedUrlOptions {
  /** Time to wait for the response headers and for each chunk (default 30 s). */
  timeoutMs?: number;
  /** Largest feed accepted, in bytes (default 1 GB, FEED_MAX_BYTES); a bigger one is cut off with `too_large`. */
  maxBytes?: number;
  /** Redirects followed, each checked like the first URL (default 5). */
  maxRedirects?: number;
  signal?: AbortSignal;
}

/** Limits of a feed fetch: FEED_MAX_BYTES (default 1 GB) and FEED_TIMEOUT_MS (default 30 s) override them. */
export const FEED_DEFAULTS = {
  timeoutMs: Number(process.env.FEED_TIMEOUT_MS) > 0 ? Number(process.env.FEED_TIMEOUT_MS) : 30_000,
  maxBytes: Number(process.env.FEED_MAX_BYTES) > 0 ? Number(process.env.FEED_MAX_BYTES) : 1024 * 1024 * 1024,
  maxRedirects: 5,
};

/**
 * Fetches a feed as a byte stream for the YML parser. The host is checked before connecting and the
 * connection goes only to a checked address; redirects are followed by hand and checked again. The
 * stream errors with a {@link FeedUrlError} when the feed grows past `maxBytes` or stalls past `timeoutMs`.
 */
export async function fetchFeed(raw: string, opts: FetchFeedOptions = {}): Promise<{ url: URL; stream: Readable; size: number | null }> {
  const timeoutMs = opts.timeoutMs ?? FEED_DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? FEED_DEFAULTS.maxBytes;
  let url = await checkFeedUrl(raw, opts);
  for (let hop = 0; ; hop++) {
    const res = await request(url, opts, timeoutMs);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= (opts.maxRedirects ?? FEED_DEFAULTS.maxRedirects)) throw new FeedUrlError('Too many redirects', 'fetch_failed');
      url = await checkFeedUrl(new URL(res.headers.location, url).href, opts);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new FeedUrlError(`The feed server answered ${status} ${res.statusMessage ?? ''}`.trim(), 'fetch_failed');
    }
    const length = Number(res.headers['content-length']);
    if (Number.isFinite(length) && length > maxBytes) {
      res.destroy();
      throw new FeedUrlError(`The feed is ${length} bytes, more than the limit of ${maxBytes}`, 'too_large');
    }
    let seen = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        if (seen > maxBytes) return done(new FeedUrlError(`The feed is more than the limit of ${maxBytes} bytes`, 'too_large'));
        done(null, chunk);
      },
    });
    res.setTimeout(timeoutMs, () => res.destroy(new FeedUrlError(`The feed stalled for ${timeoutMs / 1000} s`, 'timeout')));
    res.on('error', (e) => limiter.destroy(e instanceof FeedUrlError ? e : new FeedUrlError(`Reading the feed failed: ${e.message}`, 'fetch_failed')));
    limiter.on('close', () => res.destroy());
    res.pipe(limiter);
    return { url, stream: limiter, size: Number.isFinite(length) ? length : null };
  }
}

function request(url: URL, opts: FetchFeedOptions, timeoutMs: number): Promise<http.IncomingMessage> {
  const lib = url.protocol === 'https:' ? https : http;
  // Every address the socket may connect to is checked here, at connect time.
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (!opts.allowPrivate) {
        const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
        const bad = list.find((a) => isPrivateAddress(a.address) && !opts.trust?.(a.address, port));
        if (bad) return callback(new FeedUrlError(privateMessage(hostname, bad.address), 'forbidden_address'), '', 0);
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
  return new Promise((resolve, reject) => {
    const req = lib.get(
      url,
      {
        lookup,
        headers: { 'user-agent': 'shop-builder-yml-import/1', accept: 'application/xml, text/xml, */*' },
        signal: opts.signal,
      },
      resolve,
    );
    req.setTimeout(timeoutMs, () => req.destroy(new FeedUrlError(`The feed server did not answer within ${timeoutMs / 1000} s`, 'timeout')));
    req.on('error', (e) => reject(e instanceof FeedUrlError ? e : (e as NodeJS.ErrnoException).name === 'AbortError' ? e : new FeedUrlError(`Fetching the feed failed: ${e.message}`, 'fetch_failed')));
  });
}
