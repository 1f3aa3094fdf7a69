import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The discount sort (bench: `category 4, sort discount`) sorted a whole sub-tree in a temp B-tree for every
 * page: 61–76 ms a page at 100 000 offers. An index on the same expression lets a page stop after its 20 rows
 * (0.12 ms). The list query must order by exactly this expression (server/features/catalogue/offerQuery.ts and offerKeyset.ts import it), or the
 * planners (SQLite and PostgreSQL both match the expression's text structurally) fall back to sorting.
 */
import { DISCOUNT_EXPRESSION } from '../../../schemas/rules/money';
export { DISCOUNT_EXPRESSION };

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql.raw(`create index offers_discount_sorted on offers (store_id, deleted, active, (${DISCOUNT_EXPRESSION}) desc, sort, id, category_id)`).execute(db);
}
