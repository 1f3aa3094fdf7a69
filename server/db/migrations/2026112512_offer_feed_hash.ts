import { sql, type Kysely } from 'kysely';

/**
 * What the last YML import wrote for an offer, as `<hash of the feed's offer and its category path>:<hash
 * of the row as written>` (features/yml/write/importYml.ts). A re-import skips an offer whose feed text is the
 * same and whose row nobody changed since (the second hash still matches the stored row): only its sort,
 * stamp and visibility are written. Null: not written by an import (or not skippable).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table offers add column feed_hash text`.execute(db);
}
