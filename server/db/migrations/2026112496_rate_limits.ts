import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Per-address request counters of @fastify/rate-limit (sign-in, promo checks, questions, subscriptions),
 * kept in the database so the limit holds across `WORKERS` processes and machines on one database, not
 * per process. One row per key (address + route group) with the start of its window (ms since epoch) and
 * the hits counted in it. Not a store's data: an address is limited across all shops of the server.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const int8 = dialect === 'postgres' ? 'bigint' : 'integer';
  await sql.raw(`create table rate_limits (key text primary key, window_start ${int8} not null, hits integer not null)`).execute(db);
  await sql.raw('create index rate_limits_window on rate_limits (window_start)').execute(db);
}
