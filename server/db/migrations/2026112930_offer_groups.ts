import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { DISCOUNT_EXPRESSION } from './2026112104_discount_sort';
import { foldGroups } from '../offerGroups';

/**
 * Variants: an offer's `group_id` (YML `<offer group_id>`, field 560) becomes a column, and `folded` marks the
 * offers of a group other than its head (db/offerGroups.ts). The eight list orders' indexes end with `folded`,
 * so a list skips a group's other offers on the index alone (a count and a deep page stay index-only);
 * offers_group finds a group's offers and the ungrouped offers still folded.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run('alter table offers add column group_id text');
  await run('alter table offers add column folded integer not null default 0');
  const stated = dialect === 'postgres' ? `(data::jsonb)->>'groupId'` : `json_extract(data, '$.groupId')`;
  await run(`update offers set group_id = nullif(trim(${stated}), '') where data like '%"groupId"%'`);
  const indexes: [string, string][] = [
    ['offers_sorted', 'store_id, deleted, active, sort, id, cat_path'],
    ['offers_price_sorted', 'store_id, deleted, active, price, id, cat_path'],
    ['offers_discount_sorted', `store_id, deleted, active, (${DISCOUNT_EXPRESSION}) desc, sort, id, cat_path`],
    ['offers_date_sorted', 'store_id, deleted, active, created_at, id, cat_path'],
    ['offers_category', 'store_id, category_id, deleted, active, sort, id'],
    ['offers_category_price', 'store_id, category_id, deleted, active, price, id'],
    ['offers_category_date', 'store_id, category_id, deleted, active, created_at, id'],
    ['offers_category_discount', `store_id, category_id, deleted, active, (${DISCOUNT_EXPRESSION}) desc, sort, id`],
  ];
  for (const [name, columns] of indexes) {
    await run(`drop index ${name}`);
    await run(`create index ${name} on offers (${columns}, folded)`);
  }
  await run('create index offers_group on offers (store_id, group_id, folded)');
  for (const s of await db.selectFrom('stores').select('id').execute()) await foldGroups(db, s.id as number);
}
