/**
 * The benchmark's catalogues (bench/generate.ts), generated once per database and size and kept: SQLite files
 * under <tmp>/shop-bench/sqlite_v<N>_<size>/, PostgreSQL databases shop_bench_v<N>_<size> on BENCH_PG_URL's
 * cluster (else on a throwaway cluster started by scripts/pg.ts for the run, and then generated each run:
 * set BENCH_PG_URL to keep them, e.g. `eval $(npx tsx scripts/pg.ts start)` and BENCH_PG_URL=$DATABASE_URL).
 * A kept catalogue gets the migrations added since it was generated (and an ANALYZE), untimed.
 *
 * Besides the shape (bench/generate.ts), each catalogue gives a sample of its offers with their category
 * paths (the server-rendered item pages' addresses need the path).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { analyzeCatalogue } from '../server/db/statistics';
import { createStore } from '../server/features/stores/stores';
import { startPg, type PgCluster } from '../scripts/pg';
import { generateCatalogue, GENERATOR_VERSION, type CatalogueShape } from './generate';

export type BenchDb = 'sqlite' | 'pg';
export const CACHE_DIR = path.join(os.tmpdir(), 'shop-bench');

export interface Fixture {
  /** What the server process needs to open it (DATA_DIR or DATABASE_URL). */
  env: NodeJS.ProcessEnv;
  shape: CatalogueShape;
  /** Offers with their category path as the storefront writes it (`top-mid-leaf`), for item page addresses. */
  sample: { id: string; path: string }[];
  /** Every category's storefront path (`top-mid-leaf`, `top-mid`, `top`), for list page addresses. */
  categoryPaths: string[];
}

let cluster: PgCluster | null = null;
/** BENCH_PG_URL, else a throwaway cluster started once for this run (stopped by stopPg). */
export async function pgUrl(log: (s: string) => void): Promise<string> {
  if (process.env.BENCH_PG_URL) return process.env.BENCH_PG_URL;
  if (!cluster) {
    cluster = await startPg({ log });
    log('no BENCH_PG_URL: a throwaway PostgreSQL cluster for this run (its catalogues are generated again next run)');
  }
  return cluster.url;
}
export function stopPg() {
  cluster?.stop();
  cluster = null;
}

export async function prepareFixture(db: BenchDb, size: number, log: (s: string) => void): Promise<Fixture> {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const key = `v${GENERATOR_VERSION}_${size}`;
  const shapeFile = path.join(CACHE_DIR, `${db === 'pg' ? 'pg' : 'sqlite'}_${key}.json`);
  let env: NodeJS.ProcessEnv;
  let open: () => Database;
  let cached: boolean;
  if (db === 'pg') {
    const name = `shop_bench_${key}`;
    const base = await pgUrl(log);
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    cached = Boolean(exists) && fs.existsSync(shapeFile);
    if (!cached) {
      if (exists) await admin.query(`drop database ${name}`);
      await admin.query(`create database ${name}`);
    }
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    open = () => openDatabase({ databaseUrl: url.toString(), dataDir: CACHE_DIR });
  } else {
    const dir = path.join(CACHE_DIR, `sqlite_${key}`);
    env = { DATA_DIR: dir };
    cached = fs.existsSync(path.join(dir, 'shop.db')) && fs.existsSync(shapeFile);
    if (!cached) fs.rmSync(dir, { recursive: true, force: true });
    open = () => openDatabase({ databaseUrl: null, dataDir: dir });
  }
  const database = open();
  try {
    let shape: CatalogueShape;
    if (cached) {
      log(`${size} offers on ${db === 'pg' ? 'PostgreSQL' : 'SQLite'} (kept from an earlier run)`);
      const applied = await migrate(database.db, database.dialect);
      if (applied.length) log(`  migrated: ${applied.join(', ')}`);
      await statisticsAsImported(database);
      shape = readShape(shapeFile);
    } else {
      const started = Date.now();
      log(`${size} offers on ${db === 'pg' ? 'PostgreSQL' : 'SQLite'}: generating`);
      await migrate(database.db, database.dialect);
      const storeId = await createStore(database.db, { name: 'Бенчмарк' });
      let shown = 0;
      shape = await generateCatalogue(database, storeId, size, (n) => {
        if (n - shown >= 100_000 || n === size) {
          log(`  ${n} offers written`);
          shown = n;
        }
      });
      await statisticsAsImported(database);
      fs.writeFileSync(shapeFile, JSON.stringify({ ...shape, offersByTop: [...shape.offersByTop], offersByLeaf: [...shape.offersByLeaf] }));
      log(`${size} offers generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    await warm(database, db === 'sqlite' ? path.join(CACHE_DIR, `sqlite_${key}`) : null, log);
    return { env, shape, ...(await sampleOffers(database, size)) };
  } finally {
    await database.close();
  }
}

/** The planner statistics a YML import leaves: PostgreSQL's fresh (analyzeCatalogue), SQLite none (features/yml/write/importYml.ts). */
async function statisticsAsImported(database: Database) {
  if (database.dialect === 'postgres') await analyzeCatalogue(database.db, database.dialect);
  else for (const table of ['sqlite_stat1', 'sqlite_stat4']) await sql.raw(`drop table if exists ${table}`).execute(database.db);
}

function readShape(file: string): CatalogueShape {
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { ...j, offersByTop: new Map(j.offersByTop), offersByLeaf: new Map(j.offersByLeaf) };
}

/** 2,000 offers spread over the ids (1..size) with their storefront category paths, and every category's path. */
async function sampleOffers(database: Database, size: number) {
  const ids = Array.from({ length: Math.min(2000, size) }, (_, i) => String(1 + Math.floor(((i + 0.5) * size) / Math.min(2000, size))));
  const store = await database.db.selectFrom('stores').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const rows = await database.db.selectFrom('offers').select(['id', 'cat_path']).where('store_id', '=', store.id).where('id', 'in', ids).execute();
  const categories = await database.db.selectFrom('categories').select(['id', 'parent_id']).where('store_id', '=', store.id).execute();
  const parent = new Map(categories.map((c) => [c.id, c.parent_id]));
  const pathOf = (id: string): string => (parent.get(id) && parent.get(id) !== '0' ? `${pathOf(parent.get(id)!)}-${id}` : id);
  return {
    sample: rows.map((r) => ({ id: r.id, path: r.cat_path.split('/').filter(Boolean).join('-') })),
    categoryPaths: categories.map((c) => pathOf(c.id)),
  };
}

/**
 * Reads the catalogue's files once (SQLite: the database file; PostgreSQL: every table and index of the
 * catalogue through pg_prewarm's 'read' mode, when the extension is there), so the first row measured is not
 * the one that pulls a cold 1M catalogue from the disk into the page cache.
 */
async function warm(database: Database, dir: string | null, log: (s: string) => void) {
  const started = Date.now();
  if (dir) {
    const buffer = Buffer.alloc(1 << 20);
    for (const name of fs.readdirSync(dir).filter((f) => f.startsWith('shop.db'))) {
      const fd = fs.openSync(path.join(dir, name), 'r');
      try {
        while (fs.readSync(fd, buffer, 0, buffer.length, null) > 0);
      } finally {
        fs.closeSync(fd);
      }
    }
  } else {
    try {
      await sql`create extension if not exists pg_prewarm`.execute(database.db);
      await sql`select pg_prewarm(c.oid, 'read') from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'i', 't')`.execute(database.db);
    } catch (e) {
      log(`  (not warmed: ${(e as Error).message})`);
      return;
    }
  }
  log(`  read into the page cache in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
