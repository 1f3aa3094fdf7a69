import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { DISCOUNT_EXPRESSION } from './2026112104_discount_sort';
import { repathOffers } from '../categoryPath';

/**
 * offers.cat_path: the offer's category path '/top/sub/leaf/' (features/catalogue/categories.ts), so a
 * category with everything below it is one range of that column (`cat_path >= '/7/' and cat_path < '/70'`)
 * instead of an IN list of every id below it. Byte order on both databases (collate "C" on PostgreSQL: a
 * locale collation would not keep '/…' prefixes together). The four shop-wide list orders carry cat_path
 * instead of category_id, so a category page walks its order's index and checks the range on the index
 * alone; existing offers get their paths here.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`alter table offers add column cat_path text ${dialect === 'postgres' ? 'collate "C" ' : ''}not null default ''`);
  const stores = await db.selectFrom('stores').select('id').execute();
  for (const s of stores) await repathOffers(db, s.id as number);
  for (const name of ['offers_sorted', 'offers_price_sorted', 'offers_discount_sorted', 'offers_date_sorted']) await run(`drop index ${name}`);
  await run('create index offers_sorted on offers (store_id, deleted, active, sort, id, cat_path)');
  await run('create index offers_price_sorted on offers (store_id, deleted, active, price, id, cat_path)');
  await run(`create index offers_discount_sorted on offers (store_id, deleted, active, (${DISCOUNT_EXPRESSION}) desc, sort, id, cat_path)`);
  await run('create index offers_date_sorted on offers (store_id, deleted, active, created_at, id, cat_path)');
}
