/**
 * A first import into an empty shop on SQLite builds the secondary indexes of offers and offer_params once,
 * after its rows are written, instead of updating a dozen b-trees per row (most of a first import's
 * database time). SQLite's schema is part of the transaction: the indexes are dropped and created again
 * inside the import's own transaction, so other connections keep reading the committed catalogue with its
 * indexes, and a failed or cancelled import rolls the drop back with everything else. Building an index
 * reads the whole table (every shop's rows), so it is only done once this import has written at least as
 * many rows as the table held before (and a floor below which per-row updates are cheap anyway).
 * PostgreSQL is left alone: a dropped index there locks the table for every shop until the import commits.
 */
import { sql } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Tx } from '../../../db/types';

/** Offers an import writes before deferring pays off on an otherwise empty table. */
export const DEFER_FLOOR = 20_000;
const TABLES = ['offers', 'offer_params'];

export class DeferredIndexes {
  private dropped: { name: string; sql: string; tbl_name: string }[] = [];
  /** Whether this import dropped the indexes (and built them again after its rows). */
  used = false;
  private constructor(
    private tx: Tx,
    /** Offers written so far before the indexes may be dropped; null: never (not a first import, or PostgreSQL). */
    private threshold: number | null,
  ) {}

  /** Decides at the import's start: SQLite, and the shop has no offers yet. */
  static async open(tx: Tx, dialect: Dialect, storeId: number, floor = DEFER_FLOOR): Promise<DeferredIndexes> {
    if (dialect !== 'sqlite') return new DeferredIndexes(tx, null);
    const own = await tx.selectFrom('offers').select('id').where('store_id', '=', storeId).limit(1).executeTakeFirst();
    if (own) return new DeferredIndexes(tx, null);
    const others = await sql<{ n: number }>`select count(*) as n from offers`.execute(tx);
    return new DeferredIndexes(tx, Math.max(floor, Number(others.rows[0]?.n ?? 0)));
  }

  /** Called after each batch with the offers written so far: drops the indexes once that pays. */
  async written(offers: number): Promise<void> {
    if (this.threshold === null || offers < this.threshold) return;
    this.threshold = null;
    const rows = await sql<{ name: string; sql: string; tbl_name: string }>`
      select name, sql, tbl_name from sqlite_master where type = 'index' and sql is not null and tbl_name in (${sql.join(TABLES)})`.execute(this.tx);
    for (const r of rows.rows) await sql.raw(`drop index ${r.name}`).execute(this.tx);
    this.dropped = rows.rows;
    this.used = true;
  }

  /**
   * Builds the dropped indexes again (before the import's last queries, which read through them), of one
   * table or of all: the offers' are built once the last offer is written, while the worker maps the params
   * (importYml.ts), offer_params' after the last param row.
   */
  async restore(table?: string): Promise<void> {
    const list = this.dropped.filter((r) => !table || r.tbl_name === table);
    this.dropped = this.dropped.filter((r) => !list.includes(r));
    for (const r of list) await sql.raw(r.sql).execute(this.tx);
  }
}
