import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pickEncoding, ResponseCache } from './responseCache';

const kb = (n: number, fill = 'x') => Buffer.from(fill.repeat(n * 1024));

describe('ResponseCache', () => {
  it('keeps an answer for its version only and drops it when the version moves on', () => {
    const c = new ResponseCache(1024 * 1024);
    c.set('a', 3, kb(1));
    expect(c.get('a', 3)?.body.length).toBe(1024);
    expect(c.get('a', 4)).toBeUndefined();
    expect(c.size).toBe(0);
    expect(c.bytes).toBe(0);
  });

  it('stays within its bytes, the least recently used going first', () => {
    const c = new ResponseCache(100 * 1024);
    for (let i = 0; i < 10; i++) c.set(`k${i}`, 1, kb(9));
    expect(c.size).toBe(10);
    c.get('k0', 1);
    c.set('k10', 1, kb(9));
    c.set('k11', 1, kb(9));
    expect(c.bytes).toBeLessThanOrEqual(100 * 1024);
    expect(c.get('k0', 1)).toBeDefined();
    expect(c.get('k1', 1)).toBeUndefined();
    expect(c.get('k11', 1)).toBeDefined();
    // One answer bigger than an eighth of the cache is sent but not kept.
    c.set('big', 1, kb(13));
    expect(c.get('big', 1)).toBeUndefined();
  });

  it('a slow computation of an older version does not replace a newer answer', () => {
    const c = new ResponseCache(1024 * 1024);
    c.set('a', 5, Buffer.from('new'));
    c.set('a', 4, Buffer.from('old'));
    expect(c.get('a', 5)?.body.toString()).toBe('new');
  });

  it('concurrent misses of one key share one computation; a failure is not kept', async () => {
    const c = new ResponseCache(1024 * 1024);
    let runs = 0;
    const make = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 5));
      return Buffer.from('{"x":1}');
    };
    const [a, b] = await Promise.all([c.getOrMake('k', 1, make), c.getOrMake('k', 1, make)]);
    expect(runs).toBe(1);
    expect(a).toBe(b);
    expect((await c.getOrMake('k', 1, make))?.body.toString()).toBe('{"x":1}');
    expect(runs).toBe(1);
    await expect(c.getOrMake('e', 1, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(c.get('e', 1)).toBeUndefined();
    expect((await c.getOrMake('e', 1, make))?.body.toString()).toBe('{"x":1}');
  });

  it('makes each encoding once, counts its bytes, and it decodes to the answer', () => {
    const c = new ResponseCache(1024 * 1024);
    const body = Buffer.from(JSON.stringify({ offers: Array.from({ length: 50 }, (_, i) => ({ id: String(i), name: 'Чайник' })) }));
    const e = c.set('a', 1, body);
    const before = c.bytes;
    const br = c.encoded(e, 'br');
    expect(c.encoded(e, 'br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).equals(body)).toBe(true);
    expect(zlib.gunzipSync(c.encoded(e, 'gzip')).equals(body)).toBe(true);
    expect(c.bytes).toBe(before + br.length + e.gzip!.length);
  });
});

describe('pickEncoding', () => {
  it('negotiates as the compression plugin does', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('x-gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(pickEncoding('gzip;q=0.5, br;q=0.5')).toBe('br');
    expect(pickEncoding('deflate')).toBeNull();
  });
});
