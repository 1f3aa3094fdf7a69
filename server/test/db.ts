import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { LogConfig } from 'kysely';
import { openDatabase, type Database } from '../db/database';

export interface FreshDatabase {
  database: Database;
  /** Temp folder for the SQLite file (if any) and the uploads. */
  dataDir: string;
  /** 'sqlite <file>' or 'postgres schema <name>' */
  label: string;
  /** The PostgreSQL schema of this database (null on SQLite). */
  schema: string | null;
  /** Closes the database, drops the schema (PostgreSQL) and deletes the temp folder. */
  cleanup(): Promise<void>;
}

/** The PostgreSQL server the server tests run against, or null for SQLite (`TEST_DATABASE_URL`, set by scripts/test.ts). */
export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || null;

/** `url` with `options=-c search_path=<schema>` added: every connection of the pool works in that schema. */
export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/**
 * A fresh, empty database: on SQLite a file in a new temp folder; on PostgreSQL (TEST_DATABASE_URL) a new
 * schema `t_<random>` used through the connection string's search_path, dropped again by cleanup().
 */
export async function freshDatabase(opts: { log?: LogConfig } = {}): Promise<FreshDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const url = testDatabaseUrl();
  if (!url) {
    const database = openDatabase({ databaseUrl: null, dataDir, log: opts.log });
    return {
      database,
      dataDir,
      schema: null,
      label: `sqlite ${path.join(dataDir, 'shop.db')}`,
      async cleanup() {
        await database.close();
        removeDir();
      },
    };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const database = openDatabase({ databaseUrl: withSearchPath(url, schema), dataDir, log: opts.log });
  return {
    database,
    dataDir,
    schema,
    label: `postgres schema ${schema}`,
    async cleanup() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await c.end();
      }
      removeDir();
    },
  };
}
