import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_CATEGORY_ID } from '../../../../schemas';
import { type Dialect, lockStore, now } from '../../../db/database';
import type { Db } from '../../../db/types';
import { ApiError, badRequest } from '../../../errors';
import type { ImageStore } from '../../images/public';
import { sql } from 'kysely';
import { OWNER_HIDDEN, rebaseMovedParams, type OfferImage } from '../../catalogue/public';
import { bumpCatalogue } from '../../../db/catalogueVersion';
import { foldGroups } from '../../../db/offerGroups';
import { analyzeCatalogue } from '../../../db/statistics';
import { categoryPath, loadTree, repathOffers } from '../../../db/categoryPath';
import { DeferredIndexes } from './deferredIndexes';
import { ImportParams } from './importParams';
import { ParamStage } from '../parse/stagedParams';
import { YmlError, type YmlInput } from '../parse/types';
import { prepareInWorker } from '../parse/pipeline';
import { addExample, emptyExamples, type ImportExamples, type ImportMode, PreviewRollback } from './importMode';
import { WarningLog } from './warningLog';
import { writeBatch } from './writeBatch';
import { UndoRecord } from './importUndo';
import { prepareFeed, type Notes, type Prepared, type PrepareOptions, type PrepareSink } from '../parse/prepare';

export interface ImportOptions {
  /** Folder that relative picture paths are read from (a local feed's own folder). */
  baseDir?: string;
  onProgress?: (offers: number) => void;
  signal?: AbortSignal;
  /** Offers a first import writes before it defers the indexes (deferredIndexes.ts; tests lower it). */
  deferIndexesAt?: number;
  /**
   * Parse and prepare the offers in a worker thread while this one writes (pipeline.ts): the default for a
   * remote feed; a local feed's pictures are saved from files in this thread. false: all in this thread.
   */
  worker?: boolean;
  /** `replace` (the default) hides what the feed lacks; `merge` hides nothing (importMode.ts). */
  mode?: ImportMode;
  /** Rewritten offers the undo record keeps at most (importUndo.ts UNDO_MAX_OFFERS; tests lower it). */
  undoLimit?: number;
  /** In `replace`: the largest share of the shop's products it may hide, else nothing changes (feed_would_hide). */
  hideAtMost?: number;
  /** Count and name examples, then roll back: nothing stored changes. */
  preview?: boolean;
  /** Every warning written there as CSV (warningLog.ts). */
  warningsFile?: string;
}

export interface ImportResult {
  categories: number;
  offers: number;
  created: number;
  updated: number;
  /** Offers the feed gives exactly as the shop has them (not written again). */
  unchanged: number;
  /** Offers the store had that this feed no longer has: hidden (active 0), not deleted (`replace` only). */
  hidden: number;
  /**
   * Offers of the feed whose stored row has fields the owner changed by hand (catalogue/ownerFields.ts) that the
   * feed gives otherwise: the owner's values stay (examples.ownerKept names a few). Counted in a preview too.
   */
  ownerKept: number;
  mode: ImportMode;
  /** Offers a `replace` of this feed hides (= hidden in `replace`; what it would hide in `merge`). */
  wouldHide: number;
  /** A few names of each kind (the preview shows them). */
  examples: ImportExamples;
  preview: boolean;
  params: number;
  /** Params beyond the store's filter slots, kept as display-only properties of their items. */
  displayOnlyParams: number;
  skipped: number;
  /** Skipped offers by reason (`category_missing`, …). */
  skippedBy: Record<string, number>;
  /** Every warning counted by kind (the first 500 are in `warnings` as text). */
  warningKinds: Record<string, number>;
  /** The first offer ids of each kind's warnings. */
  warningIds: Record<string, string[]>;
  /** `renamed`: stored categories the feed names otherwise (examples.renamed). */
  categoryReport: { created: number; updated: number; hidden: number; renamed: number };
  warnings: string[];
  /** A first import on SQLite built the offers' indexes after its rows (deferredIndexes.ts). */
  deferredIndexes: boolean;
  /** The offers were prepared in a worker thread while this one wrote them (pipeline.ts). */
  pipelined: boolean;
  /** What the import stamped its rows with: the key of its undo (importUndo.ts). */
  stamp: string;
  /** false: it rewrote more offers than an undo keeps (UNDO_MAX_OFFERS), and cannot be undone. */
  undoable: boolean;
}

export { inferKind } from './importParams';
export { commonCategory } from '../parse/commonCategory';

export { offerValues } from '../parse/prepare';

/**
 * Imports a Yandex Market YML feed into a store in one transaction: categories with their parents, offers
 * of every type by the feed's own ids (a re-import updates them), params (new ones get the free filter
 * slots 323–386, most used names first, and a kind inferred from their values; names beyond the slots
 * become display-only properties of their items), pictures. Offers and categories the store has and the
 * feed does not are hidden, not deleted, and come back when a later feed has them; pictures the owner
 * uploaded stay. A broken or cancelled feed changes nothing; the error names the line.
 *
 * Memory stays flat: offers are written in batches as they are parsed, nothing per offer is kept across
 * batches (the stored ids are read per batch, the params are staged in a file: stagedParams.ts).
 */
export async function importYml(db: Db, dialect: Dialect, images: ImageStore, storeId: number, input: YmlInput, opts: ImportOptions = {}): Promise<ImportResult> {
  const log = new WarningLog(opts.warningsFile);
  const { warn } = log;
  const result: ImportResult = {
    categories: 0,
    offers: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    hidden: 0,
    ownerKept: 0,
    mode: opts.mode ?? 'replace',
    wouldHide: 0,
    examples: emptyExamples(),
    preview: !!opts.preview,
    params: 0,
    displayOnlyParams: 0,
    skipped: 0,
    skippedBy: {},
    warningKinds: log.kinds,
    warningIds: log.ids,
    categoryReport: { created: 0, updated: 0, hidden: 0, renamed: 0 },
    warnings: log.texts,
    deferredIndexes: false,
    pipelined: false,
    stamp: '',
    undoable: true,
  };
  const imageCache = new Map<string, OfferImage>();

  const picture = async (src: string): Promise<OfferImage | null> => {
    if (/^https?:\/\//i.test(src)) return { id: `u${imageCache.size}`, img: src, thumb: src };
    if (!opts.baseDir) return null;
    const file = path.resolve(opts.baseDir, src);
    if (!file.startsWith(path.resolve(opts.baseDir) + path.sep)) {
      warn(`picture ${src} is outside the feed's folder, skipped`);
      return null;
    }
    const hit = imageCache.get(file);
    if (hit) return hit;
    try {
      const saved = await images.saveImage(storeId, 'offers', await fs.promises.readFile(file));
      const img = { id: saved.img.split('/').pop()!.split('.')[0], ...saved };
      imageCache.set(file, img);
      return img;
    } catch {
      warn(`picture ${src} could not be read, skipped`);
      return null;
    }
  };
  const noted = (n: Notes) => {
    for (const m of n.warnings) warn(m);
    for (const [reason, count] of Object.entries(n.skipped)) {
      result.skipped += count;
      result.skippedBy[reason] = (result.skippedBy[reason] ?? 0) + count;
    }
  };

  // The offers' params wait in a file until the whole feed is read (stagedParams.ts).
  const stagingDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yml-import-'));
  const stagingFile = path.join(stagingDir, 'params.jsonl');
  try {
    await db.transaction().execute(async (tx) => {
      // One import at a time per store, and no owner create picks an id (param base ids) it is about to take.
      await lockStore(tx, storeId);
      const stamp = now();
      result.stamp = stamp;
      const undo = await UndoRecord.begin(tx, dialect, storeId, stamp, opts.undoLimit);
      const indexes = await DeferredIndexes.open(tx, dialect, storeId, opts.deferIndexesAt);
      // A shop without offers (a first import): only a repeated id of this feed can be stored already, nothing
      // is left to hide, and every path is written as the tree will stay.
      const emptyShop = !(await tx.selectFrom('offers').select('id').where('store_id', '=', storeId).limit(1).executeTakeFirst());
      let writtenOffers = 0;
      // The stored parent of each category (a feed that moves one renumbers the clashing params of its subtree) and its name.
      const knownCategories = new Map(
        (await tx.selectFrom('categories').select(['id', 'parent_id', 'name']).where('store_id', '=', storeId).execute()).map((r) => [r.id, r]),
      );
      const movedCategories: string[] = [];
      let categoriesDone = false;
      /** Once every category of the feed is written (parents first): the moves' params, as an owner's move does. */
      const afterCategories = async () => {
        if (categoriesDone) return;
        categoriesDone = true;
        for (const id of movedCategories)
          await rebaseMovedParams(tx, storeId, id, (p) => warn(`param ${p.name} of category ${p.categoryId}: no free filter slot on its new path, its id is kept`));
      };
      const categoryIds = new Set<string>();
      let params: ImportParams | null = null;
      let stage: ParamStage | null = null;
      // A local feed's pictures are read from files that may have changed: its offers are always written.
      const mayKeep = !opts.baseDir;

      const sink: PrepareSink = {
        categories: async (list, notes) => {
          noted(notes);
          for (const c of list) {
            const parent = c.parentId ?? ROOT_CATEGORY_ID;
            await tx
              .insertInto('categories')
              .values({ store_id: storeId, id: c.id, parent_id: parent, name: c.name, sort: result.categories, data: '{}', hidden: 0 })
              // A category an import hid (1) comes back with the feed; one the owner hid (2) stays hidden.
              .onConflict((oc) => oc.columns(['store_id', 'id']).doUpdateSet({ parent_id: parent, name: c.name, hidden: sql<number>`case when categories.hidden = ${sql.lit(OWNER_HIDDEN)} then ${sql.lit(OWNER_HIDDEN)} else 0 end` }))
              .execute();
            const before = knownCategories.get(c.id);
            if (before !== undefined && before.parent_id !== parent) movedCategories.push(c.id);
            if (before !== undefined && before.name.trim().toLowerCase() !== c.name.trim().toLowerCase()) {
              result.categoryReport.renamed++;
              addExample(result.examples.renamed, `${before.name} → ${c.name}`);
            }
            if (before !== undefined) result.categoryReport.updated++;
            else result.categoryReport.created++;
            categoryIds.add(c.id);
            result.categories++;
          }
        },
        // The feed's categories are written before its first offer: their tree gives the offers' paths.
        context: async (notes) => {
          noted(notes);
          await afterCategories();
          params = await ImportParams.open(tx, dialect, storeId);
          stage = new ParamStage(stagingFile);
          const tree = await loadTree(tx, storeId);
          const paths = new Map<string, string>();
          for (const id of categoryIds) paths.set(id, categoryPath(tree, id));
          return { paths, params: params.snapshot };
        },
        batch: async (batch) => {
          noted(batch);
          // Every offer's params, staged until the feed's params are placed (a later occurrence or a kept offer is skipped then).
          for (let i = 0; i < batch.ids.length; i++) {
            const json = batch.params[i];
            if (json !== null) stage!.add(batch.positions[i], batch.ids[i], batch.categoryIds[i], json);
          }
          const counts = await writeBatch(tx, dialect, storeId, batch, stamp, params!, warn, mayKeep, emptyShop, result.examples, undo);
          result.created += counts.created;
          result.updated += counts.updated;
          result.unchanged += counts.unchanged;
          result.ownerKept += counts.ownerKept;
          await indexes.written((writtenOffers += batch.ids.length));
          const before = result.offers;
          result.offers = batch.offers;
          if (Math.floor(before / 500) !== Math.floor(batch.offers / 500)) opts.onProgress?.(batch.offers);
        },
      };
      const prepareOpts: PrepareOptions = { storeId, stamp, mayKeep, stagingFile, signal: opts.signal, picture: opts.baseDir ? picture : undefined };
      let prepared: (Prepared & { close?: () => void }) | null = null;
      if (opts.worker !== false && !opts.baseDir) prepared = await prepareInWorker(input, prepareOpts, sink);
      result.pipelined = prepared !== null;
      prepared ??= await prepareFeed(input, prepareOpts, sink);
      try {
        const { end } = prepared;
        noted(end);
        result.offers = end.offers;
        await afterCategories();
        if (params) {
          (stage as ParamStage | null)?.flush();
          const p = await (params as ImportParams).plan(end.seen ?? new Map());
          // The offers' indexes are built while the worker maps the params (a first import on SQLite).
          const newValues = await prepared.mapParams(p.plan, (params as ImportParams).sink(), () => indexes.restore('offers'));
          await (params as ImportParams).writeValues(newValues);
          result.params = p.created;
          result.displayOnlyParams = p.displayOnly;
        }
      } finally {
        prepared.close?.();
      }
      await indexes.restore();
      result.deferredIndexes = indexes.used;
      await bumpCatalogue(tx, storeId);
      // What the store had and this feed has not: counted (and named) in either mode; in `replace` hidden, not
      // deleted (orders and favourites keep their links).
      if (!emptyShop) {
        const lacking = () =>
          tx.selectFrom('offers').where('store_id', '=', storeId).where('deleted', '=', 0).where('active', '=', 1).where('updated_at', '<>', stamp);
        const n = await lacking().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
        result.wouldHide = Number(n?.n ?? 0);
        if (result.wouldHide) for (const r of await lacking().select('name').orderBy('sort').limit(5).execute()) addExample(result.examples.hidden, r.name);
        const shopHad = result.wouldHide + result.updated + result.unchanged;
        if (result.mode === 'replace' && opts.hideAtMost !== undefined && result.wouldHide > opts.hideAtMost * shopHad)
          throw new ApiError(409, 'feed_would_hide', { lacking: result.wouldHide, total: shopHad });
        if (result.mode === 'replace' && result.wouldHide) {
          await undo.hidden(stamp);
          const hidden = await tx
            .updateTable('offers')
            .set({ active: 0, updated_at: stamp })
            .where('store_id', '=', storeId)
            .where('deleted', '=', 0)
            .where('active', '=', 1)
            .where('updated_at', '<>', stamp)
            .executeTakeFirst();
          result.hidden = Number(hidden.numUpdatedRows);
        }
      }
      if (result.mode === 'replace') {
        const hiddenCategories = await tx
          .updateTable('categories')
          .set({ hidden: 1 })
          .where('store_id', '=', storeId)
          .where('hidden', '=', 0)
          .where('id', 'not in', [...categoryIds, ROOT_CATEGORY_ID])
          .executeTakeFirst();
        result.categoryReport.hidden = Number(hiddenCategories.numUpdatedRows);
      }
      // Paths follow the tree as this feed left it (offers it no longer has, moved or hidden categories); the
      // offers of a first import have theirs already (a feed category's parents are the feed's).
      if (!emptyShop) await repathOffers(tx, storeId);
      await foldGroups(tx, storeId);
      result.undoable = undo.on;
      if (opts.preview) throw new PreviewRollback();
    });
  } catch (e) {
    if (e instanceof PreviewRollback) {
      opts.onProgress?.(result.offers);
      return result;
    }
    if (e instanceof YmlError) throw badRequest('yml_error', e.message);
    throw e;
  } finally {
    log.flush();
    fs.rmSync(stagingDir, { recursive: true, force: true });
  }
  // PostgreSQL plans a store's queries by statistics autovacuum refreshes only later: fresh ones now, after the
  // commit (the first requests after a first import ran as scans: issue 33). SQLite's queries plan well without.
  if (dialect === 'postgres') await analyzeCatalogue(db, dialect);
  opts.onProgress?.(result.offers);
  return result;
}
