/**
 * The shop's vocabulary for typo tolerance (searchCorrection.ts): the words of its products' names (name,
 * vendor, type, model) as a shopper types them (folded, not stemmed), with how many products name each, in
 * search_words. Every write of the search index adds its names' words (an import once per batch); a deleted
 * product's words stay (a correction is kept only if it finds something). A request reads the store's words
 * once per catalogue version (the primary key's range), never the offers.
 */
import type { Db } from '../../db/types';
import { cachedByVersion } from '../../db/catalogueVersion';
import { Vocabulary } from '../../lib/typoTolerance';

/** The store's vocabulary, read once per catalogue version. */
export function storeVocabulary(db: Db, storeId: number): Promise<Vocabulary> {
  return cachedByVersion(db, storeId, 'search-words', async () => {
    const rows = await db.selectFrom('search_words').select(['word', 'hits']).where('store_id', '=', storeId).execute();
    return new Vocabulary(rows.map((r) => ({ word: r.word, hits: Number(r.hits) })));
  });
}
