import { sql, type Kysely } from 'kysely';

/**
 * A YML job's mode (server/features/yml/write/importMode.ts): `replace` hides the offers the feed lacks (what
 * every import did before), `merge` adds and updates only. `preview` marks a job that counts what the import
 * would do and rolls back; its uploaded file is kept for the import the owner then starts from it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table yml_jobs add column mode text not null default 'replace'`.execute(db);
  await sql`alter table yml_jobs add column preview integer not null default 0`.execute(db);
}
