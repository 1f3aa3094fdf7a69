/**
 * Search text, the same on SQLite (FTS5) and PostgreSQL (tsvector): every word is folded (lower case, ё as е,
 * Latin accents dropped) and cut to its Russian stem (snowball, which leaves Latin words and numbers alone)
 * here in JS, on write and on query, so both databases index and match the very same tokens: plain runs of
 * letters and digits separated by spaces. 'чайники' and 'чайник' are both 'чайник'.
 */
import snowball from 'snowball-stemmers';

const stemmer = snowball.newStemmer('russian');

/** One spelling for the index and the query: lower case, ё as е, Latin letters without accents. */
export function foldSearch(s: string): string {
  const lower = s.toLowerCase();
  // ASCII and the basic Cyrillic block have nothing to decompose (a feed's text nearly always): skip normalize.
  if (!/[^\u0000-\u007f\u0400-\u04ff]/.test(lower)) return lower.replace(/ё/g, 'е');
  return lower.normalize('NFD').replace(/([a-z])\p{M}+/gu, '$1').normalize('NFC').replace(/ё/g, 'е');
}

/** The words of a text as the index cuts it: runs of letters and digits (\p{L}, \p{N}), folded. */
export const wordsByRegExp = (s: string) => foldSearch(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
/**
 * wordsByRegExp without the Unicode regular expression for the common characters (an import cuts the texts
 * of a million offers): ASCII and the Cyrillic letters are told by their codes, anything else by the same
 * character class (search.test.ts holds the two equal). Calls `each` with every word and whether it may be
 * Cyrillic (has a character beyond ASCII).
 */
function eachWord(s: string, each: (word: string, wide: boolean) => void): void {
  const t = foldSearch(s);
  let start = -1;
  let wide = false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    let word: boolean;
    let units = 1;
    if (c < 0x80) word = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a);
    else if ((c >= 0x400 && c <= 0x481) || (c >= 0x48a && c <= 0x4ff)) word = true;
    else {
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < t.length) {
        const d = t.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) units = 2;
      }
      word = LETTER_OR_DIGIT.test(t.slice(i, i + units));
    }
    if (word) {
      if (start < 0) {
        start = i;
        wide = false;
      }
      if (c >= 0x80) wide = true;
    } else if (start >= 0) {
      each(t.slice(start, i), wide);
      start = -1;
    }
    i += units - 1;
  }
  if (start >= 0) each(t.slice(start), wide);
}
export const words = (s: string) => {
  const out: string[] = [];
  eachWord(s, (w) => out.push(w));
  return out;
};
/** Stems of Cyrillic words already seen (an import stems the same few thousand words millions of times); bounded. */
const stems = new Map<string, string>();
const stem = (w: string, wide = true) => {
  if (!wide) return w; // ASCII only: no Cyrillic letter to stem
  let hit = stems.get(w);
  if (hit !== undefined) return hit;
  if (!CYRILLIC.test(w)) return w;
  hit = stemmer.stem(w);
  if (stems.size >= 50_000) stems.clear();
  stems.set(w, hit);
  return hit;
};

/** The indexed form of a text: its stems, separated by spaces. */
export const stemText = (s: string) => {
  let out = '';
  eachWord(s, (w, wide) => {
    out += out ? ` ${stem(w, wide)}` : stem(w, wide);
  });
  return out;
};

export interface SearchDoc {
  /** Stems of what names the product (name, title, type, vendor, model): a hit here ranks first. */
  name: string;
  /** Stems of the rest (codes, author, description). */
  text: string;
}

const NAME_FIELDS = ['name', 'title', 'typePrefix', 'vendor', 'model'];
const TEXT_FIELDS = ['vendorCode', 'barcode', 'author', 'artist', 'oneCName', 'description'];

/** What the search index holds for an offer's values. */
export function searchDoc(values: Record<string, unknown>): SearchDoc {
  return stemDoc(searchSource(values));
}

/**
 * The texts of searchDoc before they are stemmed: an import takes them in its parser and stems them in its
 * writer (the thread with time to spare).
 */
export function searchSource(values: Record<string, unknown>): SearchDoc {
  return { name: joined(values, NAME_FIELDS), text: joined(values, TEXT_FIELDS) };
}
const stemDoc = (source: SearchDoc): SearchDoc => ({ name: stemText(source.name), text: stemText(source.text) });

// Helpers of a hot function live outside it: tsx names every function made in a call (esbuild's keepNames),
// which cost an import of a million offers 2 s in searchDoc and displayNameOf.
const strip = (s: unknown) => (typeof s === 'string' ? s.replace(/<[^>]*>/g, ' ') : typeof s === 'number' ? String(s) : '');
const joined = (values: Record<string, unknown>, keys: string[]) =>
  keys
    .map((k) => strip(values[k]))
    .filter(Boolean)
    .join(' ')
    .slice(0, 20_000);

export interface SearchTerm {
  stem: string;
  /** The last word is matched as a prefix (the shopper may still be typing it). */
  prefix: boolean;
}

/** The words of a query as index terms (at most 8). */
export function searchTerms(query: string): SearchTerm[] {
  const list = words(query).slice(0, 8);
  return list.map((w, i) => ({ stem: stem(w), prefix: i === list.length - 1 }));
}

/** FTS5 query: every term anywhere, or (name only) every term in the name column. */
export function ftsQuery(terms: SearchTerm[], nameOnly = false): string {
  const q = terms.map((t) => `"${t.stem}"${t.prefix ? '*' : ''}`).join(' ');
  return nameOnly ? `name : (${q})` : q;
}

/** PostgreSQL to_tsquery('simple', …) text: every term anywhere, or (name only) with weight A. */
export function tsQuery(terms: SearchTerm[], nameOnly = false): string {
  return terms.map((t) => `${t.stem}${t.prefix || nameOnly ? `:${t.prefix ? '*' : ''}${nameOnly ? 'A' : ''}` : ''}`).join(' & ');
}
