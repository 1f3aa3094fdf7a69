import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Catalogue list indexes found by `npm run bench` (100 000 offers; figures in docs/PERFORMANCE.md).
 *
 * A category page asks for `category_id in (<the category and everything below it>) order by sort, id`.
 * With only offers_category (store_id, category_id, deleted, active, sort, id) SQLite reads every offer of
 * the sub-tree and sorts them in a temp B-tree for each page: 40–50 ms for page 200 of a 20 000-offer
 * category, 37 ms for the all-products list, 130 ms with a filter and no category, 70 ms for a search.
 * offers_sorted walks the offers already in list order and checks the category from the index, so a page
 * stops after its 20 rows (offset rows are skipped in the index, without reading the table).
 * offers_price_sorted does the same for the price sorts (page 50 of a leaf sorted by price: 315 → 16 ms)
 * and replaces offers_price, whose columns are its prefix.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`create index offers_sorted on offers (store_id, deleted, active, sort, id, category_id)`.execute(db);
  await sql`create index offers_price_sorted on offers (store_id, deleted, active, price, id, category_id)`.execute(db);
  await sql`drop index offers_price`.execute(db);
}
