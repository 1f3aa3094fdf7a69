import { sql } from 'kysely';
import type { Dialect } from './database';
import type { Db } from './types';

/** The tables a YML import fills: their statistics are what the planners choose a catalogue query's index by. */
const CATALOGUE_TABLES = ['offers', 'offer_params', 'offer_search', 'categories', 'params', 'param_values'];

/**
 * Fresh planner statistics of the catalogue's tables, after a bulk write has committed (a YML import).
 * PostgreSQL plans by them and autovacuum refreshes them only some time later: right after a first import
 * they still describe the empty tables, and the catalogue's first requests ran as scans (0.002 H in the bench,
 * issue 33). SQLite keeps none until ANALYZE (sqlite_stat1), and with none it took the cart's `id in (…)` by
 * a list order's index instead of the primary key. About a second at 100,000 offers on either database.
 */
export async function analyzeCatalogue(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql.raw(`analyze ${CATALOGUE_TABLES.join(', ')}`).execute(db);
  else for (const table of CATALOGUE_TABLES) await sql.raw(`analyze ${table}`).execute(db);
}
