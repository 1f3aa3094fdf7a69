import { sql, type Kysely } from 'kysely';

/**
 * Question attachments are encoded off the request path (features/questions/attachments.ts): a question is
 * stored at once with its files waiting (`pending`: how many), and a worker claims it (`pending_at`, a lease
 * another process may take over when it is old) and makes its pictures.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table questions add column pending integer not null default 0`.execute(db);
  await sql`alter table questions add column pending_at text`.execute(db);
  await sql`create index questions_pending on questions (id) where pending > 0`.execute(db);
}
