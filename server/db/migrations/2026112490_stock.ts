import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Stock per product: `stock` is the count of units left, null when the shop does not count them (unlimited,
 * the behaviour before). An order reserves with one conditional update (`stock >= quantity`), so two parallel
 * orders never take the same last unit (server/features/catalogue/stock.ts).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql.raw('alter table offers add column stock integer').execute(db);
}
