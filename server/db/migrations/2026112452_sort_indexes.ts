import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { DISCOUNT_EXPRESSION } from './2026112104_discount_sort';

/**
 * An index for every list order, so a page stops after its 20 rows (bench/catalogue.ts prints the plans):
 * - the date sort walks offers_date_sorted backwards (created_at desc, id desc; offers_created lacked the id
 *   and the category, so the list sorted the whole shop);
 * - a leaf category (one category_id) walks its own rows in each order instead of filtering the whole
 *   shop's order down to a thousandth of it: price (both directions), date and discount beside
 *   offers_category for the default order.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run('create index offers_date_sorted on offers (store_id, deleted, active, created_at, id, category_id)');
  await run('drop index offers_created');
  await run('create index offers_category_price on offers (store_id, category_id, deleted, active, price, id)');
  await run('create index offers_category_date on offers (store_id, category_id, deleted, active, created_at, id)');
  await run(`create index offers_category_discount on offers (store_id, category_id, deleted, active, (${DISCOUNT_EXPRESSION}) desc, sort, id)`);
}
