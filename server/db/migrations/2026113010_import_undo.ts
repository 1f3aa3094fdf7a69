import { sql, type Kysely } from 'kysely';

/**
 * What the last YML import of each shop changed, kept so the owner can undo it (features/yml/write/importUndo.ts):
 * the rows it rewrote as they were before (offers with their params and search text, categories, params and
 * their values), the ids of the offers it hid, and its stamp. An import replaces the shop's rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table import_undo (store_id integer not null references stores(id), kind text not null, key text not null, data text)`.execute(db);
  await sql`create index import_undo_kind on import_undo (store_id, kind, key)`.execute(db);
}
