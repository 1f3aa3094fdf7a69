import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Counted stock held by an order without a checked phone is held until `hold_until` (ISO time) only: then
 * its units go back (server/features/orders/stockHolds.ts) unless the owner took the order or it was paid,
 * which clears the column. Orders before this keep their stock as they did.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`alter table orders add column hold_until text`.execute(db);
  await sql`create index orders_hold on orders (hold_until) where hold_until is not null`.execute(db);
}
