import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Order numbers per shop: `orders.number` is what the shopper and the owner see (1, 2, 3... in each shop);
 * `orders.id` stays the internal key other rows point at and never leaves the server. `order_numbers` holds
 * each shop's last number, taken with one upsert in the order's transaction (server/features/orders/
 * orderNumbers.ts), so parallel orders of one shop never get the same number and a rolled-back order
 * leaves no gap. Existing orders are numbered per shop in the order they were made; the outbox's
 * `order_id` (shown to the owner) becomes the number too.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`alter table orders add column number integer not null default 0`.execute(db);
  await sql`
    update orders set number = r.n
    from (select id, row_number() over (partition by store_id order by created_at, id) as n from orders) as r
    where r.id = orders.id`.execute(db);
  await sql`create unique index orders_number on orders (store_id, number)`.execute(db);
  await sql`create table order_numbers (store_id integer primary key references stores(id), last integer not null)`.execute(db);
  await sql`insert into order_numbers (store_id, last) select store_id, max(number) from orders group by store_id`.execute(db);
  await sql`update outbox set order_id = (select number from orders where orders.id = outbox.order_id) where order_id is not null`.execute(db);
}
