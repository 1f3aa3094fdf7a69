import { sql } from 'kysely';
import type { Executor } from './types';

/** Each shop's own sequences: the counter table, and the table and column its numbers end up in. */
const COUNTERS = {
  order_numbers: { table: 'orders', column: 'number' },
  notification_seqs: { table: 'notifications', column: 'seq' },
} as const;

/**
 * The shop's next number of a sequence: one upsert on its counter row (the first: one more than the shop's
 * highest, so a counter lost or never made starts right). Taken in the caller's transaction, the row stays
 * locked until it ends (PostgreSQL) or the write transaction is the only one (SQLite): parallel callers of one
 * shop get distinct numbers, committed in order, and a rollback gives its number back.
 */
export async function nextInShop(db: Executor, counter: keyof typeof COUNTERS, storeId: number): Promise<number> {
  const { table, column } = COUNTERS[counter];
  const row = await sql<{ last: number }>`
    insert into ${sql.table(counter)} (store_id, last)
    values (${storeId}, (select coalesce(max(${sql.ref(column)}), 0) + 1 from ${sql.table(table)} where store_id = ${storeId}))
    on conflict (store_id) do update set last = ${sql.ref(`${counter}.last`)} + 1
    returning last`.execute(db);
  return Number(row.rows[0]!.last);
}
