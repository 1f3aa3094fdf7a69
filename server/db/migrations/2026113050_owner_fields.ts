import { sql, type Kysely } from 'kysely';

/**
 * offers.owner_fields: the registry fields of a product the owner changed by hand, comma-separated (null:
 * none). A later import of its feed keeps them (features/catalogue/ownerFields.ts) until the owner lets
 * the feed write them again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table offers add column owner_fields text`.execute(db);
}
