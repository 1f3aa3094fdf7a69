import { sql, type Kysely } from 'kysely';
import { addSearchWords, countNameWords } from '../../lib/searchWords';

/**
 * search_words: each shop's vocabulary of product-name words for typo tolerance (features/catalogue/searchWords.ts),
 * filled here from the live offers' names and vendors, then kept by the writes of the search index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table search_words (store_id integer not null, word text not null, hits integer not null default 0, primary key (store_id, word))`.execute(db);
  let after: { store_id: number; id: string } | null = null;
  let store = -1;
  let counts = new Map<string, number>();
  for (;;) {
    let q = db.selectFrom('offers').select(['store_id', 'id', 'name', 'vendor']).where('deleted', '=', 0).orderBy('store_id').orderBy('id').limit(5000);
    if (after) {
      const a: { store_id: number; id: string } = after;
      q = q.where((eb: any) => eb.or([eb('store_id', '>', a.store_id), eb.and([eb('store_id', '=', a.store_id), eb('id', '>', a.id)])]));
    }
    const rows = (await q.execute()) as { store_id: number; id: string; name: string | null; vendor: string | null }[];
    for (const r of rows) {
      if (r.store_id !== store) {
        if (counts.size) await addSearchWords(db, store, counts);
        store = r.store_id;
        counts = new Map();
      }
      countNameWords([`${r.name ?? ''} ${r.vendor ?? ''}`], counts);
    }
    if (rows.length < 5000) break;
    after = { store_id: rows[rows.length - 1].store_id, id: rows[rows.length - 1].id };
  }
  if (counts.size) await addSearchWords(db, store, counts);
}
