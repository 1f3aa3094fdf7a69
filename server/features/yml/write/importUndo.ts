/**
 * Undo of a shop's last YML import (issue 35). The import keeps, in its own transaction, what it is about to
 * change (table import_undo, migration 2026113010): the offers it rewrites as they were (row, params, search
 * text, and the stock it leaves them with), the ids of the offers it hides, the shop's categories and params
 * as they were, and its stamp. The next import replaces the record, so only the last one can be undone.
 *
 * Undoing puts back what the import changed and nothing the owner or shoppers did since:
 * - an offer the import created is deleted (soft: orders keep their lines), unless the owner edited it since;
 * - an offer it rewrote gets its earlier row, params and search text back, unless the owner edited it since;
 *   its stock is the earlier stock less what was sold since the import;
 * - an offer it hid is shown again (if nobody changed it since);
 * - categories get their earlier name, parent and visibility; one the import created is hidden, not deleted;
 * - params get their earlier definitions; one the import created is deleted when no offer has a value of it.
 * Pictures the import saved stay in the shop's uploads.
 */
import { ROOT_CATEGORY_ID } from '../../../../schemas';
import { type Dialect, lockStore, now } from '../../../db/database';
import type { Db, Executor, Tx } from '../../../db/types';
import { bumpCatalogue } from '../../../db/catalogueVersion';
import { foldGroups } from '../../../db/offerGroups';
import { repathOffers } from '../../../db/categoryPath';
import { analyzeCatalogue } from '../../../db/statistics';
import { insertRows, upsertTail } from './bulkInsert';
import { OFFER_COLUMNS, SEARCH_COLUMNS } from '../parse/prepare';
import { loadParents, moveParamValues } from '../../catalogue/public';
import { chunks } from '../../../lib/chunks';

const CHUNK = 500;
const UNDO_COLUMNS = ['store_id', 'kind', 'key', 'data'] as const;
const CATEGORY_COLUMNS = ['store_id', 'id', 'parent_id', 'name', 'sort', 'data', 'hidden'] as const;
const PARAM_COLUMNS = ['id', 'store_id', 'base_id', 'category_id', 'name', 'kind', 'is_required', 'unit', 'sort'] as const;

const OFFER_RESTORE = upsertTail(['store_id', 'id'], OFFER_COLUMNS);
const SEARCH_RESTORE = upsertTail(['store_id', 'offer_id'], SEARCH_COLUMNS);

/** An offer as the import found it. */
interface KeptOffer {
  row: unknown[];
  params: [number, string, number | null][];
  search: [string, string] | null;
  /** The stock the import left it with (what sales since are counted from). */
  after: number | null;
}

async function write(tx: Executor, dialect: Dialect, storeId: number, kind: string, rows: [string, unknown][]) {
  if (rows.length) await insertRows(tx, dialect, 'import_undo', UNDO_COLUMNS, rows.map(([key, data]) => [storeId, kind, key, data === null ? null : JSON.stringify(data)]));
}

/** Starts an import's record: the last import's is dropped; the stamp, the categories and the params as they are. */
export async function beginUndo(tx: Tx, dialect: Dialect, storeId: number, stamp: string): Promise<void> {
  await tx.deleteFrom('import_undo').where('store_id', '=', storeId).execute();
  await write(tx, dialect, storeId, 'stamp', [[stamp, null]]);
  const categories = await tx.selectFrom('categories').select(CATEGORY_COLUMNS).where('store_id', '=', storeId).execute();
  await write(tx, dialect, storeId, 'category', categories.map((c) => [c.id, CATEGORY_COLUMNS.map((k) => c[k])]));
  const params = await tx.selectFrom('params').select(PARAM_COLUMNS).where('store_id', '=', storeId).execute();
  await write(tx, dialect, storeId, 'param', params.map((p) => [String(p.id), PARAM_COLUMNS.map((k) => p[k])]));
}

/** Keeps these stored offers as they are, before the import rewrites them; `after`: the stock it leaves each with. */
export async function keepOffers(tx: Tx, dialect: Dialect, storeId: number, after: Map<string, number | null>): Promise<void> {
  const ids = [...after.keys()];
  if (!ids.length) return;
  const rows = await tx.selectFrom('offers').select(OFFER_COLUMNS).where('store_id', '=', storeId).where('id', 'in', ids).execute();
  const params = await tx.selectFrom('offer_params').select(['offer_id', 'base_id', 'value', 'num']).where('store_id', '=', storeId).where('offer_id', 'in', ids).execute();
  const search = await tx.selectFrom('offer_search').select(['offer_id', 'name', 'text']).where('store_id', '=', storeId).where('offer_id', 'in', ids).execute();
  const kept = new Map<string, KeptOffer>();
  for (const r of rows) kept.set(r.id, { row: OFFER_COLUMNS.map((c) => r[c]), params: [], search: null, after: after.get(r.id) ?? null });
  for (const p of params) kept.get(p.offer_id)?.params.push([p.base_id, p.value, p.num === null ? null : Number(p.num)]);
  for (const s of search) {
    const k = kept.get(s.offer_id);
    if (k) k.search = [s.name, s.text];
  }
  await write(tx, dialect, storeId, 'offer', [...kept]);
}

/** Keeps the ids of the offers the import is about to hide (live, shown, not in this feed). */
export async function keepHidden(tx: Tx, storeId: number, stamp: string): Promise<void> {
  await tx
    .insertInto('import_undo')
    .columns(['store_id', 'kind', 'key', 'data'])
    .expression((eb) =>
      eb
        .selectFrom('offers')
        .select((s) => [s.val(storeId).as('store_id'), s.val('hidden').as('kind'), 'id as key', s.val(null).as('data')])
        .where('store_id', '=', storeId)
        .where('deleted', '=', 0)
        .where('active', '=', 1)
        .where('updated_at', '<>', stamp),
    )
    .execute();
}

/**
 * Rewritten offers an import keeps for its undo at most: each is its whole earlier row (JSON data included), so
 * a re-import rewriting a million offers would keep the offers table twice over. Past it the import drops its
 * record and cannot be undone (its report says `undoable: false`).
 */
export const UNDO_MAX_OFFERS = Number(process.env.YML_UNDO_MAX_OFFERS) || 100_000;

/** An import's undo record as it writes it: kept within UNDO_MAX_OFFERS, dropped past it. */
export class UndoRecord {
  private kept = 0;
  /** false once dropped: the import cannot be undone. */
  on = true;
  private constructor(
    private readonly tx: Tx,
    private readonly dialect: Dialect,
    private readonly storeId: number,
    private readonly limit: number,
  ) {}

  static async begin(tx: Tx, dialect: Dialect, storeId: number, stamp: string, limit = UNDO_MAX_OFFERS): Promise<UndoRecord> {
    await beginUndo(tx, dialect, storeId, stamp);
    return new UndoRecord(tx, dialect, storeId, limit);
  }

  async offers(after: Map<string, number | null>): Promise<void> {
    if (!this.on || !after.size) return;
    if (this.kept + after.size > this.limit) {
      this.on = false;
      await this.tx.deleteFrom('import_undo').where('store_id', '=', this.storeId).execute();
      return;
    }
    this.kept += after.size;
    await keepOffers(this.tx, this.dialect, this.storeId, after);
  }

  async hidden(stamp: string): Promise<void> {
    if (this.on) await keepHidden(this.tx, this.storeId, stamp);
  }
}

/** What an undo put back, for the owner's report. */
export interface UndoReport {
  /** Offers with their earlier row again. */
  restored: number;
  /** Offers the import had hidden, shown again. */
  shown: number;
  /** Offers the import had created, deleted. */
  removed: number;
  /** Offers the owner edited after the import: left as they are. */
  editedSince: number;
  /** Categories the import had created, hidden. */
  categoriesHidden: number;
}

/** The rows of one kind of the record, a page at a time in key order. */
async function* pages(tx: Tx, storeId: number, kind: string) {
  let after = '';
  for (;;) {
    const rows = await tx
      .selectFrom('import_undo')
      .select(['key', 'data'])
      .where('store_id', '=', storeId)
      .where('kind', '=', kind)
      .where('key', '>', after)
      .orderBy('key')
      .limit(CHUNK)
      .execute();
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].key;
  }
}

/**
 * Undoes the shop's last import, the one of `stamp` (its report's). null: that import is not the last one or
 * was undone already (nothing changed).
 */
export async function undoImport(db: Db, dialect: Dialect, storeId: number, stamp: string): Promise<UndoReport | null> {
  const report: UndoReport = { restored: 0, shown: 0, removed: 0, editedSince: 0, categoriesHidden: 0 };
  const done = await db.transaction().execute(async (tx) => {
    await lockStore(tx, storeId);
    const marker = await tx.selectFrom('import_undo').select('key').where('store_id', '=', storeId).where('kind', '=', 'stamp').executeTakeFirst();
    if (marker?.key !== stamp) return false;
    const at = now();
    const live = () => tx.selectFrom('offers').where('store_id', '=', storeId).where('deleted', '=', 0).where('created_at', '=', stamp);

    // Created by the import: deleted, unless edited since.
    const created: string[] = [];
    for (const r of await live().select(['id', 'updated_at']).execute()) {
      if (r.updated_at === stamp) created.push(r.id);
      else report.editedSince++;
    }
    for (const ids of chunks(created, CHUNK)) {
      await tx.updateTable('offers').set({ deleted: 1, updated_at: at }).where('store_id', '=', storeId).where('id', 'in', ids).execute();
      await tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('offer_id', 'in', ids).execute();
    }
    report.removed = created.length;

    // Rewritten by the import: their earlier rows, with the stock sold since taken off.
    const STOCK = OFFER_COLUMNS.indexOf('stock');
    for await (const page of pages(tx, storeId, 'offer')) {
      const current = new Map(
        (await tx.selectFrom('offers').select(['id', 'updated_at', 'stock']).where('store_id', '=', storeId).where('id', 'in', page.map((p) => p.key)).execute()).map((r) => [r.id, r]),
      );
      const back: KeptOffer[] = [];
      for (const p of page) {
        const cur = current.get(p.key);
        if (cur?.updated_at !== stamp) {
          report.editedSince++;
          continue;
        }
        const k = JSON.parse(p.data!) as KeptOffer;
        const before = k.row[STOCK] as number | null;
        if (before !== null && k.after !== null && cur.stock !== null) k.row[STOCK] = Math.max(0, before - (k.after - cur.stock));
        back.push(k);
      }
      if (!back.length) continue;
      const ids = back.map((k) => k.row[1] as string);
      await insertRows(tx, dialect, 'offers', OFFER_COLUMNS, back.map((k) => k.row), OFFER_RESTORE);
      await tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('offer_id', 'in', ids).execute();
      const params = back.flatMap((k) => k.params.map(([base, value, num]) => [storeId, k.row[1], base, value, num]));
      if (params.length) await insertRows(tx, dialect, 'offer_params', ['store_id', 'offer_id', 'base_id', 'value', 'num'], params);
      const search = back.filter((k) => k.search).map((k) => [storeId, k.row[1], ...k.search!]);
      if (search.length) await insertRows(tx, dialect, 'offer_search', SEARCH_COLUMNS, search, SEARCH_RESTORE);
      report.restored += back.length;
    }

    // Hidden by the import: shown again, unless changed since.
    for await (const page of pages(tx, storeId, 'hidden')) {
      const r = await tx
        .updateTable('offers')
        .set({ active: 1, updated_at: at })
        .where('store_id', '=', storeId)
        .where('id', 'in', page.map((p) => p.key))
        .where('deleted', '=', 0)
        .where('active', '=', 0)
        .where('updated_at', '=', stamp)
        .executeTakeFirst();
      report.shown += Number(r.numUpdatedRows);
    }

    // Categories as they were; the import's own hidden.
    const known = new Set<string>([ROOT_CATEGORY_ID]);
    for await (const page of pages(tx, storeId, 'category')) {
      for (const p of page) known.add(p.key);
      await insertRows(tx, dialect, 'categories', CATEGORY_COLUMNS, page.map((p) => JSON.parse(p.data!) as unknown[]), upsertTail(['store_id', 'id'], CATEGORY_COLUMNS));
    }
    const added = (await tx.selectFrom('categories').select('id').where('store_id', '=', storeId).where('hidden', '=', 0).execute()).map((r) => r.id).filter((id) => !known.has(id));
    for (const ids of chunks(added, CHUNK)) await tx.updateTable('categories').set({ hidden: 1 }).where('store_id', '=', storeId).where('id', 'in', ids).execute();
    report.categoriesHidden = added.length;

    // Params as they were; the import's own deleted when no offer has a value of them.
    const knownParams = new Set<number>();
    const parents = await loadParents(tx, storeId);
    const BASE = PARAM_COLUMNS.indexOf('base_id');
    const CATEGORY = PARAM_COLUMNS.indexOf('category_id');
    for await (const page of pages(tx, storeId, 'param')) {
      for (const p of page) knownParams.add(Number(p.key));
      // A param the import renumbered (it moved its category: rebaseMovedParams) takes its products' values back
      // to its earlier base id, those of products the import did not rewrite (made by hand) included.
      const now = new Map((await tx.selectFrom('params').select(['id', 'base_id']).where('store_id', '=', storeId).where('id', 'in', page.map((p) => Number(p.key))).execute()).map((r) => [r.id, r.base_id]));
      const rows = page.map((p) => JSON.parse(p.data!) as unknown[]);
      for (const [i, row] of rows.entries()) {
        const current = now.get(Number(page[i].key));
        if (current !== undefined && current !== row[BASE]) await moveParamValues(tx, storeId, parents, String(row[CATEGORY]), current, Number(row[BASE]));
      }
      await insertRows(tx, dialect, 'params', PARAM_COLUMNS, rows, upsertTail(['id'], PARAM_COLUMNS));
    }
    const newParams = (await tx.selectFrom('params').select(['id', 'base_id']).where('store_id', '=', storeId).execute()).filter((p) => !knownParams.has(p.id));
    for (const p of newParams) {
      const used = await tx.selectFrom('offer_params').select('offer_id').where('store_id', '=', storeId).where('base_id', '=', p.base_id).limit(1).executeTakeFirst();
      if (used) continue;
      await tx.deleteFrom('param_values').where('store_id', '=', storeId).where('param_id', '=', p.id).execute();
      await tx.deleteFrom('params').where('id', '=', p.id).execute();
    }

    await repathOffers(tx, storeId);
    await foldGroups(tx, storeId);
    await bumpCatalogue(tx, storeId);
    await tx.deleteFrom('import_undo').where('store_id', '=', storeId).execute();
    return true;
  });
  if (!done) return null;
  if (dialect === 'postgres') await analyzeCatalogue(db, dialect);
  return report;
}
