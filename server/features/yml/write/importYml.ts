import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_CATEGORY_ID } from '../../../../schemas';
import { type Dialect, lockStore, now } from '../../../db/database';
import type { Db, Tx } from '../../../db/types';
import { ApiError, badRequest } from '../../../errors';
import type { ImageStore } from '../../images/public';
import { rebaseMovedParams, type OfferImage } from '../../catalogue/public';
import { bumpCatalogue } from '../../../db/catalogueVersion';
import { foldGroups } from '../../../db/offerGroups';
import { analyzeCatalogue } from '../../../db/statistics';
import { categoryPath, loadTree, repathOffers } from '../../../db/categoryPath';
import { insertFlat, updateSorts, upsertTail } from './bulkInsert';
import { DeferredIndexes } from './deferredIndexes';
import { ImportParams } from './importParams';
import { addSearchWords, countNameWords } from '../../../lib/searchWords';
import { ParamStage } from '../parse/stagedParams';
import { YmlError, type YmlInput } from '../parse/types';
import { prepareInWorker } from '../parse/pipeline';
import { addExample, emptyExamples, type ImportExamples, type ImportMode, PreviewRollback } from './importMode';
import { IDS_PER_KIND, WarningLog, warningOfferId } from './warningLog';
import { UndoRecord } from './importUndo';
import {
  COL,
  flatRowHash,
  hashBatch,
  HASHED_COLUMNS,
  OFFER_COLUMNS,
  OFFER_WIDTH,
  prepareFeed,
  rowHash,
  SEARCH_COLUMNS,
  SEARCH_WIDTH,
  stemBatch,
  type FeedImage,
  type Notes,
  type OfferBatch,
  type Prepared,
  type PrepareOptions,
  type PrepareSink,
} from '../parse/prepare';

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
  categoryReport: { created: number; updated: number; hidden: number };
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

/** The kind of a warning, from its text (the parser reports plain sentences). */
export function warningKind(message: string): string {
  if (/appears (again|twice)/.test(message)) return 'duplicate_offer';
  if (/category .* is not declared|parent .* is not declared/.test(message)) return 'undeclared_category';
  if (/currency .* is not declared/.test(message)) return 'undeclared_currency';
  if (/is not a number|is not a boolean|neither a boolean|is not L\/W\/H/.test(message)) return 'bad_value';
  if (/unknown offer element/.test(message)) return 'unknown_element';
  if (/picture/.test(message)) return 'picture';
  if (/has no name|without a name|without a value|without id|without <option>/.test(message)) return 'missing_value';
  if (/ dropped$|, dropped/.test(message)) return 'invalid_field';
  if (/encoding/.test(message)) return 'encoding';
  if (/entity/.test(message)) return 'entity';
  return 'other';
}

export { inferKind } from './importParams';
export { commonCategory } from '../parse/commonCategory';

export { offerValues } from '../parse/prepare';

/** What a batch learns about its offers: which were stored before (or earlier in this feed). */
interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

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
  const warnings: string[] = [];
  const warningKinds: Record<string, number> = {};
  const warningIds: Record<string, string[]> = {};
  const log = new WarningLog(opts.warningsFile);
  const warn = (m: string) => {
    const kind = warningKind(m);
    warningKinds[kind] = (warningKinds[kind] ?? 0) + 1;
    if (warnings.length < 500) warnings.push(m);
    const id = warningOfferId(m);
    const ids = (warningIds[kind] ??= []);
    if (id !== null && ids.length < IDS_PER_KIND && !ids.includes(id)) ids.push(id);
    log.add(kind, id, m);
  };
  const result: ImportResult = {
    categories: 0,
    offers: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    hidden: 0,
    mode: opts.mode ?? 'replace',
    wouldHide: 0,
    examples: emptyExamples(),
    preview: !!opts.preview,
    params: 0,
    displayOnlyParams: 0,
    skipped: 0,
    skippedBy: {},
    warningKinds,
    warningIds,
    categoryReport: { created: 0, updated: 0, hidden: 0 },
    warnings,
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
      // The stored parent of each category: a feed that moves one renumbers the clashing params of its subtree.
      const knownCategories = new Map(
        (await tx.selectFrom('categories').select(['id', 'parent_id']).where('store_id', '=', storeId).execute()).map((r) => [r.id, r.parent_id]),
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
              .onConflict((oc) => oc.columns(['store_id', 'id']).doUpdateSet({ parent_id: parent, name: c.name, hidden: 0 }))
              .execute();
            const before = knownCategories.get(c.id);
            if (before !== undefined && before !== parent) movedCategories.push(c.id);
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

/** A re-imported offer takes every column but its creation date; a feed without <count> keeps the owner's stock. */
const OFFER_UPSERT = upsertTail(['store_id', 'id'], OFFER_COLUMNS, { keep: ['created_at'], set: { stock: 'coalesce(excluded.stock, offers.stock)' } });
const SEARCH_UPSERT = upsertTail(['store_id', 'offer_id'], SEARCH_COLUMNS);

/** The values of the offers at `keep` (indices), `width` values each. */
const pick = (flat: unknown[], width: number, keep: number[]) => {
  const out: unknown[] = [];
  for (const i of keep) for (let k = i * width, end = k + width; k < end; k++) out.push(flat[k]);
  return out;
};

/**
 * Writes a batch of prepared offers (prepare.ts): one read of those already stored (their pictures: the
 * owner's uploads are kept after the feed's; one stored earlier in this import is a repeated id, whose earlier
 * params are dropped; an offer the feed gives as the last import wrote it, whose row nobody changed since, is
 * kept as it is), a delete of their earlier params, one multi-row upsert of the rows, one of their search
 * texts, one insert of their shop and warranty filters; their params are staged (importParams.ts).
 */
async function writeBatch(
  tx: Tx,
  dialect: Dialect,
  storeId: number,
  b: OfferBatch,
  stamp: string,
  params: ImportParams,
  warn: (m: string) => void,
  mayKeep: boolean,
  emptyShop: boolean,
  examples: ImportExamples,
  undo: UndoRecord,
): Promise<Counts> {
  hashBatch(b);
  const { ids, rows } = b;
  const query = tx.selectFrom('offers').select(['id', 'updated_at', 'sort', 'active', 'feed_hash', ...HASHED_COLUMNS]).where('store_id', '=', storeId).where('id', 'in', ids);
  // Into a shop that had no offers, a batch without a repeated id finds none stored.
  const stored = emptyShop && !b.repeats ? ([] as Awaited<ReturnType<typeof query.execute>>) : await query.execute();
  const storedById = new Map(stored.map((r) => [r.id, r]));
  // Offers the feed gives exactly as last time, whose rows nobody changed since: kept as they are.
  const candidates: { i: number; bases: Set<number> }[] = [];
  if (mayKeep && b.feedHashes && stored.length) {
    for (let i = 0; i < ids.length; i++) {
      const r = storedById.get(ids[i]);
      if (!r?.feed_hash || r.updated_at === stamp || r.feed_hash !== `${b.feedHashes[i]}:${rowHash(r)}`) continue;
      // Its params must still mean the params it has values of (the owner may have added one deeper since).
      const bases = params.names.resolvedBaseIds(b.categoryIds[i], b.params[i] ? JSON.parse(b.params[i]!) : []);
      if (bases) candidates.push({ i, bases });
    }
  }
  const kept = new Set<number>();
  if (candidates.length) {
    const found = await tx
      .selectFrom('offer_params')
      .select(['offer_id', 'base_id'])
      .where('store_id', '=', storeId)
      .where('offer_id', 'in', candidates.map((c) => ids[c.i]))
      .execute();
    const has = new Map<string, number[]>();
    for (const r of found) has.set(r.offer_id, [...(has.get(r.offer_id) ?? []), r.base_id]);
    for (const c of candidates) if ((has.get(ids[c.i]) ?? []).every((id) => c.bases.has(id))) kept.add(c.i);
  }
  // What the undo puts back: every stored row this batch changes beyond its stamp, as it is (importUndo.ts).
  const before = new Map<string, number | null>();
  for (let i = 0; i < ids.length; i++) {
    const r = storedById.get(ids[i]);
    if (!r || r.updated_at === stamp || (kept.has(i) && r.active && r.sort === b.positions[i])) continue;
    before.set(ids[i], kept.has(i) ? r.stock : ((rows[i * OFFER_WIDTH + COL.stock] as number | null) ?? r.stock));
  }
  await undo.offers(before);
  for (const i of kept) params.skip.add(b.positions[i]);
  if (kept.size) {
    // Only what changes is set: `active` and `sort` are in every list index, and setting them (even to the
    // value they have) rewrites those entries; a kept row already shown at its place takes the stamp only.
    const stampOnly: string[] = [];
    const shown: string[] = [];
    const moved: [string, number][] = [];
    const movedShown: [string, number][] = [];
    for (const i of kept) {
      const r = storedById.get(ids[i])!;
      if (r.sort !== b.positions[i]) (r.active ? moved : movedShown).push([ids[i], b.positions[i]]);
      else (r.active ? stampOnly : shown).push(ids[i]);
    }
    if (stampOnly.length) await tx.updateTable('offers').set({ updated_at: stamp }).where('store_id', '=', storeId).where('id', 'in', stampOnly).execute();
    if (shown.length) await tx.updateTable('offers').set({ updated_at: stamp, active: 1 }).where('store_id', '=', storeId).where('id', 'in', shown).execute();
    if (moved.length) await updateSorts(tx, dialect, storeId, moved, stamp, false);
    if (movedShown.length) await updateSorts(tx, dialect, storeId, movedShown, stamp, true);
  }
  // Unchanged: kept as it is and shown already (a kept offer that was hidden comes back: updated).
  let unchanged = 0;
  for (let i = 0; i < ids.length; i++) {
    const name = rows[i * OFFER_WIDTH + COL.name];
    const r = storedById.get(ids[i]);
    if (!r) addExample(examples.created, name);
    else if (kept.has(i) && r.active) {
      unchanged++;
      addExample(examples.unchanged, name);
    } else addExample(examples.updated, name);
  }
  const keptIds = new Set([...kept].map((i) => ids[i]));
  const ownerImages = new Map<string, FeedImage[]>();
  const replaced: string[] = [];
  for (const r of stored) {
    if (keptIds.has(r.id)) continue;
    replaced.push(r.id);
    if (r.updated_at === stamp) {
      warn(`offer ${r.id} appears twice; the later one is kept`);
      params.skip.add(r.sort);
      continue;
    }
    if (!r.data.includes('"images"')) continue;
    const imgs = ((JSON.parse(r.data) as { images?: FeedImage[] }).images ?? []).filter((i) => !i.feed && !/^https?:\/\//i.test(i.img));
    if (imgs.length) ownerImages.set(r.id, imgs);
  }
  if (replaced.length) await tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('offer_id', 'in', replaced).execute();
  const written: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    if (kept.has(i)) continue;
    written.push(i);
    const r = storedById.get(ids[i]);
    if (!r) continue;
    // A row it replaces: the owner's pictures stay after the feed's, and the hash names the row as stored
    // (a feed without <count> keeps the stored stock: OFFER_UPSERT).
    const base = i * OFFER_WIDTH;
    const own = ownerImages.get(ids[i]);
    let changed = false;
    if (own) {
      const data = JSON.parse(rows[base + COL.data] as string) as { images: FeedImage[] };
      const pics = data.images;
      const more = own.filter((o) => !pics.some((p) => p.id === o.id));
      if (more.length) {
        const all = [...pics, ...more].slice(0, 10);
        data.images = all;
        rows[base + COL.data] = JSON.stringify(data);
        rows[base + COL.picture] = all[0]?.img ?? null;
        rows[base + COL.thumb] = all[0]?.thumb ?? null;
        changed = true;
      }
    }
    const stock = rows[base + COL.stock] ?? r.stock ?? null;
    if (rows[base + COL.feed_hash] !== null && (changed || stock !== rows[base + COL.stock]))
      rows[base + COL.feed_hash] = `${b.feedHashes![i]}:${flatRowHash(rows, base, stock)}`;
  }
  const all = written.length === ids.length;
  // The names' words for typo tolerance, before stemBatch stems the names in place.
  const names = countNameWords(written.map((i) => b.search[i * SEARCH_WIDTH + 2] as string));
  stemBatch(b, written);
  // No row of the batch is stored: nothing to conflict with (PostgreSQL's speculative insertion costs each row of an upsert).
  await insertFlat(tx, dialect, 'offers', OFFER_COLUMNS, all ? rows : pick(rows, OFFER_WIDTH, written), stored.length ? OFFER_UPSERT : '');
  await insertFlat(tx, dialect, 'offer_search', SEARCH_COLUMNS, all ? b.search : pick(b.search, SEARCH_WIDTH, written), SEARCH_UPSERT);
  await addSearchWords(tx, storeId, names);
  return { created: ids.length - stored.length, updated: stored.length - unchanged, unchanged };
}
