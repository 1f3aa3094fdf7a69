import { sql } from 'kysely';
import type { Tx } from '../../db/types';

/**
 * The next order number of a shop, taken in the order's transaction: one upsert on the shop's counter row
 * (first order: one more than the shop's highest, so a counter lost or never made starts right). The row
 * stays locked until the transaction ends (PostgreSQL) or the write transaction is the only one (SQLite),
 * so parallel orders of one shop get distinct numbers, and an order rolled back gives its number back.
 */
export async function nextOrderNumber(tx: Tx, storeId: number): Promise<number> {
  const row = await sql<{ last: number }>`
    insert into order_numbers (store_id, last)
    values (${storeId}, (select coalesce(max(number), 0) + 1 from orders where store_id = ${storeId}))
    on conflict (store_id) do update set last = order_numbers.last + 1
    returning last`.execute(tx);
  return Number(row.rows[0]!.last);
}
