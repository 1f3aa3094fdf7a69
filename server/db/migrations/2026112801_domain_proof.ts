import { sql, type Kysely } from 'kysely';

/**
 * A shop's new domain waits in `domain_pending` until its owner proves it (a DNS TXT record or a file at a
 * well-known path carrying `domain_token`: server/features/stores/domains.ts); `domain` is the live one,
 * the only one the Host header is matched against. Domains already set stay live (they were set before
 * there was a proof, by the operator's CLI or the owner).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table stores add column domain_pending text`.execute(db);
  await sql`alter table stores add column domain_token text`.execute(db);
}
