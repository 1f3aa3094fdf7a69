import { sql, type Kysely } from 'kysely';

/**
 * In-app notification seqs per shop (issue 34): `notifications.seq` is what api=inner_push hands out and
 * polls from (1, 2, 3... in each shop); until now it was the platform's row id, so a shopper's client saw how
 * many notifications the whole server sent. `notification_seqs` holds each shop's last seq, taken with one
 * upsert (features/notifications/notifications.ts), as order_numbers does for orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run('alter table notifications add column seq integer not null default 0');
  await run(`update notifications set seq = r.n
    from (select id, row_number() over (partition by store_id order by id) as n from notifications) as r
    where r.id = notifications.id`);
  await run('drop index notifications_user');
  await run('drop index notifications_device');
  await run('create unique index notifications_seq on notifications (store_id, seq)');
  await run('create index notifications_user on notifications (store_id, user_id, seq)');
  await run('create index notifications_device on notifications (store_id, device_id, seq)');
  await run('create table notification_seqs (store_id integer primary key references stores(id), last integer not null)');
  await run('insert into notification_seqs (store_id, last) select store_id, max(seq) from notifications group by store_id');
}
