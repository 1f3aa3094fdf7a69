import { sql, type Kysely } from 'kysely';

/**
 * Who hid a product: an import hides what its feed lacks (`active` 0) and shows it again when a later feed has
 * it; the owner's own hide (`owner_hidden` 1: the editor's switch, the list's bulk action) stays through every
 * import until the owner shows it. Rows hidden before this migration keep the import's meaning.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table offers add column owner_hidden integer not null default 0`.execute(db);
}
