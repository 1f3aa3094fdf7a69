/**
 * The shop's vocabulary for typo tolerance (searchCorrection.ts): the words of its products' names (name,
 * vendor, type, model) as a shopper types them (folded, not stemmed), with how many products name each, in
 * search_words. Every write of the search index adds its names' words (an import once per batch); a deleted
 * product's words stay (a correction is kept only if it finds something). A request reads the store's words
 * once per catalogue version (the primary key's range), never the offers.
 */
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/types';
import { cachedByVersion } from '../../db/catalogueVersion';
import { words } from '../../lib/searchText';
import { Vocabulary } from '../../lib/typoTolerance';

/** A word worth correcting to: letters only (codes and numbers are matched as typed), 3 to 30 of them. */
const WORTH = /^[\p{L}]{3,30}$/u;

/** Adds the words of names (texts as searchSource's `name`) to counts. */
export function countNameWords(names: Iterable<string>, counts = new Map<string, number>()): Map<string, number> {
  for (const name of names) {
    for (const w of new Set(words(name))) if (WORTH.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts;
}

/** Stores words with their product counts (added to those already stored). */
export async function addSearchWords(db: Executor, storeId: number, counts: Map<string, number>): Promise<void> {
  const rows = [...counts].map(([word, hits]) => ({ store_id: storeId, word, hits }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('search_words')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['store_id', 'word']).doUpdateSet({ hits: sql`search_words.hits + excluded.hits` }))
      .execute();
  }
}

/** The store's vocabulary, read once per catalogue version. */
export function storeVocabulary(db: Db, storeId: number): Promise<Vocabulary> {
  return cachedByVersion(db, storeId, 'search-words', async () => {
    const rows = await db.selectFrom('search_words').select(['word', 'hits']).where('store_id', '=', storeId).execute();
    return new Vocabulary(rows.map((r) => ({ word: r.word, hits: Number(r.hits) })));
  });
}
