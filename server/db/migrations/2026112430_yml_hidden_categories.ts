import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * A re-import hides the categories its feed no longer has (their offers and links stay) and shows them again
 * when the feed brings them back: `hidden` is 1 for such a category; the category tree leaves it out.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`alter table categories add column hidden integer not null default 0`.execute(db);
}
