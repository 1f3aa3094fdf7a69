import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The owner's live counter of new orders (server/features/orders/liveOrders.ts) counts a shop's orders of one
 * status every ~2 s per process: this index makes that count a short range of one index, not a read of the
 * shop's orders.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`create index orders_status on orders (store_id, status)`.execute(db);
}
