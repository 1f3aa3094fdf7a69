/**
 * The words of products' names as the shop's vocabulary for typo tolerance keeps them (search_words, read by
 * features/catalogue/searchWords.ts): counted from names and added to the table. Here, not in the feature,
 * because the migration that fills the table for existing catalogues uses them too.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/types';
import { words } from './searchText';
import { chunks } from './chunks';

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
  for (const part of chunks(rows)) {
    await db
      .insertInto('search_words')
      .values(part)
      .onConflict((oc) => oc.columns(['store_id', 'word']).doUpdateSet({ hits: sql`search_words.hits + excluded.hits` }))
      .execute();
  }
}
