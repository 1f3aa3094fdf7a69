import { sql } from 'kysely';
import type { Dialect } from './database';
import type { Db } from './types';

/** The tables a YML import fills: their statistics are what the planners choose a catalogue query's index by. */
const CATALOGUE_TABLES = ['offers', 'offer_params', 'offer_search', 'categories', 'params', 'param_values'];

/**
 * Fresh planner statistics of the catalogue's tables. PostgreSQL plans by them and autovacuum refreshes them
 * only some time later: right after a first import they still describe the empty tables, and the catalogue's
 * first requests ran as scans (0.002 H in the bench, issue 33), so a YML import calls this after its commit on
 * PostgreSQL (a second at 1M offers: ANALYZE samples). SQLite keeps none until ANALYZE (sqlite_stat1), which
 * reads every index (~3 s of CPU at 1M): its catalogue queries are written to plan well without them
 * (plans.server.test.ts checks both), so an import does not run it there.
 */
export async function analyzeCatalogue(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql.raw(`analyze ${CATALOGUE_TABLES.join(', ')}`).execute(db);
  else for (const table of CATALOGUE_TABLES) await sql.raw(`analyze ${table}`).execute(db);
}
