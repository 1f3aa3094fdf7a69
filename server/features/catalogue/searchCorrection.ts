/**
 * A search that finds nothing, corrected: the whole query with the other keyboard layout ("xfqybr" → "чайник"),
 * then word by word, each word that finds nothing alone: the other layout, Latin read as Russian
 * ("chaynik" → "чайник"), then the shop's nearest name word within the edits its length allows ("чайнег" →
 * "чайник", typoTolerance.ts). The corrected query is kept only if it finds something. Everything it asks the
 * database is an index probe kept per catalogue version (matchCount) and the store's vocabulary (searchWords.ts).
 */
import { type Dialect } from '../../db/database';
import type { Db } from '../../db/types';
import { catalogueVersion, catalogueVersionNow } from '../../db/catalogueVersion';
import { searchTerms, words, type SearchTerm } from '../../lib/searchText';
import { switchLayout } from '../../lib/keyboardLayout';
import { latinToCyrillic } from '../../lib/transliterate';
import { matchCount } from './offerSearch';
import { storeVocabulary } from './searchWords';

/** Corrections per database: store, catalogue version and query → the corrected query or null (bounded). */
const corrections = new WeakMap<object, Map<string, Promise<string | null>>>();

/** The query corrected so that it finds something, or null (nothing to correct, or no correction finds anything). */
export async function correctSearch(db: Db, dialect: Dialect, storeId: number, query: string): Promise<string | null> {
  const version = catalogueVersionNow(db, storeId) ?? (await catalogueVersion(db, storeId));
  let byQuery = corrections.get(db);
  if (!byQuery) corrections.set(db, (byQuery = new Map()));
  const key = `${storeId}\u0000${version}\u0000${query}`;
  let hit = byQuery.get(key);
  if (hit === undefined) {
    if (byQuery.size >= 10_000) byQuery.clear();
    const map = byQuery;
    hit = correct(db, dialect, storeId, query);
    map.set(key, hit);
    hit.catch(() => map.delete(key));
  }
  return hit;
}

async function correct(db: Db, dialect: Dialect, storeId: number, query: string): Promise<string | null> {
  const finds = async (terms: SearchTerm[]) => terms.length > 0 && (await matchCount(db, dialect, storeId, terms, false)) > 0;
  /** One word as a term: the last one a prefix (it may still be being typed). */
  const findsWord = (word: string, last: boolean) => finds(searchTerms(word).map((t) => ({ ...t, prefix: last })));

  // The other layout over the whole text, keys beside the letters too ("[jkjlbkmybr" is "холодильник").
  const switched = switchLayout(query.trim());
  if (switched && (await finds(searchTerms(switched)))) return words(switched).join(' ');

  const list = words(query).slice(0, 8);
  if (!list.length) return null;
  const vocabulary = await storeVocabulary(db, storeId);
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < list.length; i++) {
    const word = list[i];
    const last = i === list.length - 1;
    if (await findsWord(word, last)) {
      out.push(word);
      continue;
    }
    const readings = [switchLayout(word), latinToCyrillic(word)].filter((r): r is string => !!r && r !== word);
    let fixed: string | null = null;
    for (const r of readings) {
      if (await findsWord(r, last)) {
        fixed = r;
        break;
      }
    }
    for (const r of fixed ? [] : [word, ...readings]) {
      fixed = vocabulary.closest(r, last);
      if (fixed) break;
    }
    if (!fixed) return null;
    out.push(fixed);
    changed = true;
  }
  const corrected = out.join(' ');
  return changed && (await finds(searchTerms(corrected))) ? corrected : null;
}
