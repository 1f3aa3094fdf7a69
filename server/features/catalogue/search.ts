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

const words = (s: string) => foldSearch(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
/** Stems of Cyrillic words already seen (an import stems the same few thousand words millions of times); bounded. */
const stems = new Map<string, string>();
const stem = (w: string) => {
  if (!/\p{Script=Cyrillic}/u.test(w)) return w;
  let hit = stems.get(w);
  if (hit === undefined) {
    hit = stemmer.stem(w);
    if (stems.size >= 50_000) stems.clear();
    stems.set(w, hit);
  }
  return hit;
};

/** The indexed form of a text: its stems, separated by spaces. */
export const stemText = (s: string) => words(s).map(stem).join(' ');

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
  const strip = (s: unknown) => (typeof s === 'string' ? s.replace(/<[^>]*>/g, ' ') : typeof s === 'number' ? String(s) : '');
  const part = (keys: string[]) => stemText(keys.map((k) => strip(values[k])).filter(Boolean).join(' ').slice(0, 20_000));
  return { name: part(NAME_FIELDS), text: part(TEXT_FIELDS) };
}

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
