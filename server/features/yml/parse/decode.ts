/**
 * The YML parser's input: bytes of any declared encoding (BOM or XML declaration; windows-1251 is common),
 * or text, turned into text slices small enough that one parser write never queues too many offers.
 */
import type { YmlInput } from './types';

const MAX_SLICE = 64 * 1024;

/** Cut long strings so that one write() never queues too many offers at once. */
function* slices(s: string): Generator<string> {
  let i = 0;
  while (s.length - i > MAX_SLICE) {
    let end = i + MAX_SLICE;
    const c = s.charCodeAt(end - 1);
    if (c >= 0xd800 && c <= 0xdbff) end -= 1; // never split a surrogate pair
    yield s.slice(i, end);
    i = end;
  }
  if (i < s.length) yield i === 0 ? s : s.slice(i);
}

function toAsyncIterable(input: YmlInput): AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array> {
  if (typeof input === 'string' || input instanceof Uint8Array) return [input];
  return input as AsyncIterable<string | Uint8Array>;
}

/** Picks the text decoder from the BOM or the XML declaration (feeds in windows-1251 are common). */
function sniffEncoding(head: Uint8Array, warn: (m: string) => void): TextDecoder {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return new TextDecoder('utf-8');
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le');
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be');
  const ascii = Buffer.from(head.subarray(0, 1024)).toString('latin1');
  const m = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(ascii);
  if (m) {
    try {
      return new TextDecoder(m[1].toLowerCase());
    } catch {
      warn(`unknown encoding "${m[1]}", reading the feed as UTF-8`);
    }
  }
  return new TextDecoder('utf-8');
}
/**
 * The feed as text slices, decoded once: bytes are held back until the encoding is known (the BOM or the
 * XML declaration in the first KB), then decoded as a stream; a text input only loses its BOM.
 */
export async function* decodeFeed(input: YmlInput, warn: (m: string) => void): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let head: Uint8Array | null = null; // bytes held back until the encoding is known
  let first = true;
  for await (const chunk of toAsyncIterable(input)) {
    if (typeof chunk === 'string') {
      let s = chunk;
      if (first && s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      first = false;
      yield* slices(s);
      continue;
    }
    first = false;
    if (!decoder) {
      head = head ? Buffer.concat([head, chunk]) : Uint8Array.from(chunk);
      const seen = Buffer.from(head.subarray(0, 1024)).toString('latin1');
      if (head.length < 1024 && !seen.includes('?>') && !/^\s*<[^?]/.test(seen)) continue;
      decoder = sniffEncoding(head, warn);
      const bytes = head;
      head = null;
      yield* slices(decoder.decode(bytes, { stream: true }));
      continue;
    }
    yield* slices(decoder.decode(chunk, { stream: true }));
  }
  if (head) {
    decoder = sniffEncoding(head, warn);
    yield* slices(decoder.decode(head, { stream: true }));
  }
  if (decoder) yield* slices(decoder.decode());
}
