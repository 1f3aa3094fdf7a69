import { sql, type Kysely } from 'kysely';
import { DISCOUNT_EXPRESSION } from './2026112104_discount_sort';

/**
 * Lists show what can be ordered before what cannot (issue 36): a list reads its order's index twice, first
 * the orderable offers (available, stock not at 0), then the others (features/catalogue/offerList.ts). The
 * eight list orders' indexes carry `available` and `stock` last, so each part is told apart on the index
 * alone: a page or a count never reads an offer's row to skip it.
 */
const LIST_INDEXES: [string, string][] = [
  ['offers_sorted', 'store_id, deleted, active, sort, id, cat_path, folded'],
  ['offers_price_sorted', 'store_id, deleted, active, price, id, cat_path, folded'],
  ['offers_discount_sorted', `store_id, deleted, active, (${DISCOUNT_EXPRESSION}) desc, sort, id, cat_path, folded`],
  ['offers_date_sorted', 'store_id, deleted, active, created_at, id, cat_path, folded'],
  ['offers_category', 'store_id, category_id, deleted, active, sort, id, folded'],
  ['offers_category_price', 'store_id, category_id, deleted, active, price, id, folded'],
  ['offers_category_date', 'store_id, category_id, deleted, active, created_at, id, folded'],
  ['offers_category_discount', `store_id, category_id, deleted, active, (${DISCOUNT_EXPRESSION}) desc, sort, id, folded`],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of LIST_INDEXES) {
    await sql.raw(`drop index ${name}`).execute(db);
    await sql.raw(`create index ${name} on offers (${columns}, available, stock)`).execute(db);
  }
}
