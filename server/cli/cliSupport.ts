/** What the command-line tools share: arguments, the database opened as the server opens it, the store to act on. */
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import type { Store } from '../db/types';
import { createStore } from '../features/stores/public';

export interface CliArgs {
  positional: string[];
  store: number | null;
  help: boolean;
  /** Other `--name value` options the tool allows. */
  options: Record<string, string>;
}

/** `<positional…> [--store <id>] [--<allowed> <value>…] [--help]` (also `--name=value`); anything else is an error. */
export function parseArgs(argv: string[], allowed: string[] = []): CliArgs {
  const out: CliArgs = { positional: [], store: null, help: false, options: {} };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') {
      out.help = true;
      continue;
    }
    if (!a.startsWith('--')) {
      out.positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq === -1 ? undefined : eq);
    if (name !== 'store' && !allowed.includes(name)) throw new CliError(`Unknown option ${a}`);
    const v = eq === -1 ? argv[++i] : a.slice(eq + 1);
    if (v === undefined || v === '' || (eq === -1 && v.startsWith('--'))) throw new CliError(`--${name} needs a value`);
    if (name === 'store') {
      if (!/^\d{1,9}$/.test(v)) throw new CliError(`--store needs a store id (a number), not ${v}`);
      out.store = Number(v);
    } else out.options[name] = v;
  }
  return out;
}

/** An error the user caused: printed without a stack trace, exit code 1. */
export class CliError extends Error {}

/** Opens the database the server would open (same environment), migrated. */
export async function openCliDatabase(): Promise<{ config: Config; database: Database }> {
  const config = loadConfig();
  const database = openDatabase(config);
  const applied = await migrate(database.db, database.dialect);
  if (applied.length) console.log(`migrated: ${applied.join(', ')}`);
  return { config, database };
}

export const describeDatabase = (config: Config) => (config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${config.dataDir}/shop.db`);

/**
 * The store to act on: the one asked for (it must exist), else the default store (the lowest id, the one
 * the server serves for unknown domains). An empty database gets a new store when `createIfNone` is set.
 */
export async function pickStore(database: Database, wanted: number | null, opts: { createIfNone?: string } = {}): Promise<{ store: Store; created: boolean }> {
  const { db } = database;
  if (wanted !== null) {
    const store = await db.selectFrom('stores').selectAll().where('id', '=', wanted).where('deleted', '=', 0).executeTakeFirst();
    if (!store) {
      const ids = (await db.selectFrom('stores').select('id').where('deleted', '=', 0).orderBy('id').execute()).map((r) => r.id);
      throw new CliError(`There is no store ${wanted}; stores in this database: ${ids.join(', ') || 'none'}`);
    }
    return { store, created: false };
  }
  const first = await db.selectFrom('stores').selectAll().where('deleted', '=', 0).orderBy('id').limit(1).executeTakeFirst();
  if (first) return { store: first, created: false };
  if (!opts.createIfNone) throw new CliError('This database has no store yet: start the server once (DEMO=1 seeds the demo shop) or import a feed first');
  const id = await createStore(db, { name: opts.createIfNone });
  return { store: await db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), created: true };
}

/** Runs a tool: a CliError or any failure prints its message and exits 1; the database is always closed. */
export async function runCli(main: () => Promise<void>, close: () => Promise<void> | undefined) {
  try {
    await main();
  } catch (e) {
    const err = e as Error & { status?: number };
    console.error(`error: ${err.message}`);
    if (!(e instanceof CliError) && !err.status && process.env.DEBUG) console.error(err.stack);
    process.exitCode = 1;
  } finally {
    await close();
  }
}
