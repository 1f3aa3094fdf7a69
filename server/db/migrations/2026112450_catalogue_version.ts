import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The catalogue version of each store: bumped in the database by every catalogue write (offers, categories,
 * params, a feed import), read by every process before it uses its cached category tree, params and
 * category list, so a write in one of several WORKERS processes is seen by all of them at once.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`create table catalogue_versions (store_id integer primary key, version integer not null default 0)`.execute(db);
}
