import { sql, type Kysely } from 'kysely';

/**
 * catalogue_versions.shape: bumped with the version by every catalogue write except those that change only
 * stock or pictures (an order's reservation, a thumbnail made). What is derived from which products exist,
 * where and with which params (a category's filters: features/catalogue/categoryFilters.ts) keeps while the
 * shape stays, through a busy shop's every order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table catalogue_versions add column shape integer not null default 0`.execute(db);
}
