import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql, type Dialect as KyselyDialect, type LogConfig } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { BusyWaitingSqliteDriver, type SqliteHandle } from './sqliteDriver';
import type { DB } from './types';

export type Dialect = 'sqlite' | 'postgres';
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The SQLite file (a second connection to it reads while another writes); absent on PostgreSQL. */
  file?: string;
  /** PostgreSQL's connection string (another thread's pool connects with it); absent on SQLite. */
  url?: string;
  close(): Promise<void>;
}

/** How another thread opens this database (its own connection): the SQLite file or PostgreSQL's URL; null in memory. */
export function threadTarget(database: Database): { file?: string; databaseUrl?: string } | null {
  if (database.url) return { databaseUrl: database.url };
  return database.file && database.file !== ':memory:' ? { file: database.file } : null;
}

// Return numeric columns (count(*), numeric) as JS numbers rather than strings.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(701, (v) => Number(v));

/**
 * The driver under a database's Kysely instance, for the few hot reads that skip Kysely's async connection
 * handling (db/catalogueVersion.ts): the better-sqlite3 connection or the pg pool. A transaction's
 * Kysely object has none (it must go through its own connection).
 */
const drivers = new WeakMap<object, { sqlite?: SQLite.Database; pool?: pg.Pool }>();
export const driverOf = (db: object) => drivers.get(db);

/** How long a write on SQLite waits for another connection's (a YML import's) before it fails: sqliteDriver.ts. */
export const SQLITE_WRITE_WAIT_MS = 120_000;

/**
 * Opens PostgreSQL when a URL is given, else the embedded SQLite file (WAL; a write waits for another
 * connection's without blocking the event loop) in dataDir.
 */
export function openDatabase(opts: { databaseUrl: string | null; dataDir: string; sqliteFile?: string; log?: LogConfig }): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_SIZE ?? 10) });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: opts.log });
    drivers.set(db, { pool });
    return { db, dialect: 'postgres', url: opts.databaseUrl, close: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'shop.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // Never wait inside SQLite (it would stop the thread): the driver waits for the lock between tries.
  sqlite.pragma('busy_timeout = 0');
  sqlite.pragma('synchronous = NORMAL');
  // Reads through a memory map of the file (up to better-sqlite3's 2 GB build limit), not a read() call per
  // page into SQLite's 16 MB page cache: a leaf list at 1M offers 1.4 -> 0.4 ms, 20 cart lines 2.3 -> 0.6 ms
  // (issue 33). Writes still go through the WAL.
  sqlite.pragma('mmap_size = 2147418112');
  sqlite.pragma('foreign_keys = ON');
  const driver = new BusyWaitingSqliteDriver(withStatementCache(sqlite), SQLITE_WRITE_WAIT_MS);
  const dialect: KyselyDialect = {
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
  const db = new Kysely<DB>({ dialect, log: opts.log });
  drivers.set(db, { sqlite });
  return { db, dialect: 'sqlite', file, close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, so keep the compiled ones
 * (bounded: queries with IN lists of varying length make new texts).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteHandle {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        if (cache.size >= 1000) cache.clear();
        stmt = sqlite.prepare(text);
        cache.set(text, stmt);
      }
      return stmt;
    },
    get inTransaction() {
      return sqlite.inTransaction;
    },
    close: () => sqlite.close(),
  };
}

export const now = () => new Date().toISOString();

/**
 * Serialises the creations of one store inside a transaction. New offer, category, param base and value ids
 * are the store's max + 1: on PostgreSQL two concurrent creates read the same max and the second failed on
 * the primary key (a 500). A no-op update of the store's row holds its row lock until the transaction ends
 * (it does not block inserts that reference the store); on SQLite the transaction holds the write lock from
 * its begin already (sqliteDriver.ts).
 * Take it first in the transaction, so every writer takes the locks in the same order.
 */
export async function lockStore(tx: Kysely<DB>, storeId: number): Promise<void> {
  await tx.updateTable('stores').set((eb) => ({ user_id: eb.ref('user_id') })).where('id', '=', storeId).execute();
}

/** Case-insensitive LIKE on either database. */
export const ilike = (dialect: Dialect) => (dialect === 'postgres' ? 'ilike' : 'like');

export { sql };
