/**
 * A YML import leaves the planner statistics the catalogue's queries plan by (db/statistics.ts): on PostgreSQL
 * it runs ANALYZE after its commit (before, the first requests after a first import ran as scans until
 * autovacuum got to the tables); on SQLite it runs none, its queries plan well without (plans.server.test.ts).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  // The demo shop is a YML import (server/demo/seedDemo.ts).
  server = await startTestServer({ demo: true });
}, 120_000);
afterAll(() => server?.close());

describe('statistics after an import', () => {
  it('PostgreSQL: the catalogue tables are analyzed once the import has committed; SQLite: left alone', async () => {
    expect(Number((await server.db.selectFrom('offers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(10);
    if (server.dialect === 'postgres') {
      const rows = await sql<{ relname: string; analyzed: boolean }>`
        select relname, last_analyze is not null as analyzed from pg_stat_user_tables
        where schemaname = current_schema() and relname in ('offers', 'offer_params', 'offer_search', 'categories')`.execute(server.db);
      expect(Object.fromEntries(rows.rows.map((r) => [r.relname, r.analyzed]))).toEqual({ offers: true, offer_params: true, offer_search: true, categories: true });
    } else {
      const stat = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(server.db);
      expect(Number(stat.rows[0].n)).toBe(0);
    }
  });
});
