import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { COMMON_FILTERS, OFFER_TYPES, ROOT_CATEGORY_ID, offerFieldsFor, offerSchema, toRow, validateFields } from '../../../schemas';
import type { Dialect } from '../../db/database';
import { lockStore, now } from '../../db/database';
import type { Db, Tx } from '../../db/types';
import { badRequest } from '../../errors';
import { sanitizeRichText } from '../../lib/sanitize';
import type { ImageStore } from '../images/images';
import { displayNameOf, searchDoc, type OfferImage } from '../catalogue/offers';
import { bumpCatalogue } from '../catalogue/version';
import { categoryPath, loadTree, repathOffers, type CategoryTree } from '../catalogue/categories';
import { rebaseMovedParams } from '../catalogue/params';
import { insertRows, updateSorts } from './bulkInsert';
import { DeferredIndexes } from './deferredIndexes';
import { commonRows, ImportParams, PARAM_COLUMNS } from './importParams';
import { parseYml, YmlError, type YmlInput, type YmlOffer } from './parseYml';

export interface ImportOptions {
  /** Folder that relative picture paths are read from (a local feed's own folder). */
  baseDir?: string;
  onProgress?: (offers: number) => void;
  signal?: AbortSignal;
  /** Offers a first import writes before it defers the indexes (deferredIndexes.ts; tests lower it). */
  deferIndexesAt?: number;
}

export interface ImportResult {
  categories: number;
  offers: number;
  created: number;
  updated: number;
  /** Offers the store had that this feed no longer has: hidden (active 0), not deleted. */
  hidden: number;
  params: number;
  /** Params beyond the store's filter slots, kept as display-only properties of their items. */
  displayOnlyParams: number;
  skipped: number;
  /** Skipped offers by reason (`category_missing`, …). */
  skippedBy: Record<string, number>;
  /** Every warning counted by kind (the first 500 are in `warnings` as text). */
  warningKinds: Record<string, number>;
  categoryReport: { created: number; updated: number; hidden: number };
  warnings: string[];
  /** A first import on SQLite built the offers' indexes after its rows (deferredIndexes.ts). */
  deferredIndexes: boolean;
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
export { commonCategory } from './commonCategory';

/** Registry values of a feed offer; a value its field rejects is dropped with a warning, never fatal. */
function offerValues(offer: YmlOffer, warn: (m: string) => void): Record<string, unknown> {
  const type = (OFFER_TYPES as readonly string[]).includes(offer.type) ? offer.type : 'common';
  // The feed's <count> is the product's stock (the registry's `stock` field checks it: a whole number, 0 or more).
  const raw: Record<string, unknown> = { ...offer, type, dataTour: offer.dataTour?.join('\n'), stock: offer.extra.count };
  if (!raw.name) raw.name = [offer.typePrefix, offer.vendor, offer.model].filter(Boolean).join(' ') || offer.title || `#${offer.id}`;
  const fields = fieldsOf(type);
  const sent: Record<string, unknown> = {};
  for (const f of fields) if (raw[f.name] !== undefined && raw[f.name] !== '') sent[f.name] = raw[f.name];
  const { values, errors } = validateFields(fields, sent, { partial: true });
  for (const e of errors) warn(`offer ${offer.id}: ${e.field} ${e.code}, dropped`);
  if (typeof values.description === 'string') values.description = sanitizeRichText(values.description);
  values.type = type;
  return values;
}
const fieldCache = new Map<string, ReturnType<typeof offerFieldsFor>>();
function fieldsOf(type: string) {
  let f = fieldCache.get(type);
  if (!f) fieldCache.set(type, (f = offerFieldsFor(type).filter((x) => !x.readOnly && x.type !== 'image')));
  return f;
}


/** Offers written per batch (one read of those already stored, one multi-row upsert per table). */
const BATCH = 500;

interface PendingOffer {
  offer: YmlOffer;
  pics: (OfferImage & { feed?: 1 })[];
  position: number;
  catPath: string;
}

/** What a batch learns about its offers: which were stored before (or earlier in this feed). */
interface Counts {
  created: number;
  updated: number;
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
 * batches (the stored ids are read per batch, the params are staged in the database: importParams.ts).
 */
export async function importYml(db: Db, dialect: Dialect, images: ImageStore, storeId: number, input: YmlInput, opts: ImportOptions = {}): Promise<ImportResult> {
  const warnings: string[] = [];
  const warningKinds: Record<string, number> = {};
  const warn = (m: string) => {
    const kind = warningKind(m);
    warningKinds[kind] = (warningKinds[kind] ?? 0) + 1;
    if (warnings.length < 500) warnings.push(m);
  };
  const result: ImportResult = {
    categories: 0,
    offers: 0,
    created: 0,
    updated: 0,
    hidden: 0,
    params: 0,
    displayOnlyParams: 0,
    skipped: 0,
    skippedBy: {},
    warningKinds,
    categoryReport: { created: 0, updated: 0, hidden: 0 },
    warnings,
    deferredIndexes: false,
  };
  const skip = (reason: string) => {
    result.skipped++;
    result.skippedBy[reason] = (result.skippedBy[reason] ?? 0) + 1;
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

  try {
    await db.transaction().execute(async (tx) => {
      // One import at a time per store, and no owner create picks an id (param base ids) it is about to take.
      await lockStore(tx, storeId);
      const stamp = now();
      const indexes = await DeferredIndexes.open(tx, dialect, storeId, opts.deferIndexesAt);
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
      let tree: CategoryTree | null = null;
      const paths = new Map<string, string>();
      let position = 0;
      let pending: PendingOffer[] = [];
      const pendingIds = new Set<string>();
      const flush = async () => {
        if (!pending.length) return;
        const batch = pending;
        pending = [];
        pendingIds.clear();
        // A local feed's pictures are read from files that may have changed: its offers are always written.
        const counts = await writeOffers(tx, dialect, storeId, batch, stamp, params!, warn, !opts.baseDir);
        result.created += counts.created;
        result.updated += counts.updated;
        await params!.flush();
        await indexes.written((writtenOffers += batch.length));
      };

      await parseYml(
        input,
        {
          onWarning: warn,
          onCategory: async (c) => {
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
          },
          onOffer: async (offer) => {
            position++;
            if (!offer.categoryId || !categoryIds.has(offer.categoryId)) {
              warn(`offer ${offer.id}: category ${offer.categoryId ?? '(none)'} is not declared, offer skipped`);
              skip('category_missing');
              return;
            }
            // The feed's categories are written before its first offer: their tree gives the offers' paths.
            await afterCategories();
            params ??= await ImportParams.open(tx, dialect, storeId);
            tree ??= await loadTree(tx, storeId);
            let catPath = paths.get(offer.categoryId);
            if (catPath === undefined) paths.set(offer.categoryId, (catPath = categoryPath(tree, offer.categoryId)));
            const pics: (OfferImage & { feed: 1 })[] = [];
            for (const src of offer.pictures) {
              const p = await picture(src);
              if (p) pics.push({ ...p, id: p.id || String(pics.length), feed: 1 });
            }
            if (pendingIds.has(offer.id)) await flush();
            pending.push({ offer, pics, position, catPath });
            pendingIds.add(offer.id);
            if (pending.length >= BATCH) await flush();
            result.offers++;
            if (result.offers % 500 === 0) opts.onProgress?.(result.offers);
          },
        },
        { signal: opts.signal },
      );
      await flush();
      await afterCategories();
      if (params) {
        const p = await (params as ImportParams).finish();
        result.params = p.created;
        result.displayOnlyParams = p.displayOnly;
      }
      await indexes.restore();
      result.deferredIndexes = indexes.used;
      await bumpCatalogue(tx, storeId);
      // What the store had and this feed has not: hidden, not deleted (orders and favourites keep their links).
      const hidden = await tx
        .updateTable('offers')
        .set({ active: 0, updated_at: stamp })
        .where('store_id', '=', storeId)
        .where('deleted', '=', 0)
        .where('active', '=', 1)
        .where('updated_at', '<>', stamp)
        .executeTakeFirst();
      result.hidden = Number(hidden.numUpdatedRows);
      const hiddenCategories = await tx
        .updateTable('categories')
        .set({ hidden: 1 })
        .where('store_id', '=', storeId)
        .where('hidden', '=', 0)
        .where('id', 'not in', [...categoryIds, ROOT_CATEGORY_ID])
        .executeTakeFirst();
      result.categoryReport.hidden = Number(hiddenCategories.numUpdatedRows);
      // Paths follow the tree as this feed left it (offers it no longer has, moved or hidden categories).
      await repathOffers(tx, storeId);
    });
  } catch (e) {
    if (e instanceof YmlError) throw badRequest('yml_error', e.message);
    throw e;
  }
  opts.onProgress?.(result.offers);
  return result;
}

const OFFER_COLUMNS = [
  'store_id', 'id', 'type', 'name', 'vendor', 'price', 'oldprice', 'category_id', 'available', 'active', 'deleted',
  'picture', 'thumb', 'sort', 'stock', 'created_at', 'updated_at', 'data', 'cat_path', 'feed_hash',
] as const;
/** A re-imported offer takes every column but its creation date; a feed without <count> keeps the owner's stock. */
const OFFER_UPSERT =
  'on conflict (store_id, id) do update set ' +
  OFFER_COLUMNS.filter((c) => c !== 'store_id' && c !== 'id' && c !== 'created_at')
    .map((c) => (c === 'stock' ? 'stock = coalesce(excluded.stock, offers.stock)' : `${c} = excluded.${c}`))
    .join(', ');
const SEARCH_UPSERT = 'on conflict (store_id, offer_id) do update set name = excluded.name, text = excluded.text';

/**
 * The columns of an offer row a re-import compares (through a hash) with what the last import wrote: all it
 * writes but the stamps, sort, visibility (written again anyway) and the thumbnail (made from the picture
 * later, then kept).
 */
const HASHED_COLUMNS = ['type', 'name', 'vendor', 'price', 'oldprice', 'category_id', 'available', 'deleted', 'picture', 'stock', 'cat_path', 'data'] as const;
type HashedRow = Record<(typeof HASHED_COLUMNS)[number], unknown>;
const hash = (text: string) => crypto.createHash('sha1').update(text).digest('base64url');
const rowHash = (row: HashedRow) => hash(HASHED_COLUMNS.map((c) => (row[c] === null || row[c] === undefined ? '\u0001' : String(row[c]))).join('\u0000'));
/** The feed's offer as parsed, with the category path it lands on and its pictures. */
const feedHash = (b: PendingOffer) => hash(`${JSON.stringify(b.offer)}\u0000${b.catPath}\u0000${JSON.stringify(b.pics)}`);
const COMMON_BASE_IDS = new Set<number>(Object.values(COMMON_FILTERS));

/**
 * Writes a batch of offers: one read of those already stored (their pictures: the owner's uploads are kept
 * after the feed's; one stored earlier in this import is a repeated id, whose earlier params are dropped), a
 * delete of their earlier params, one multi-row upsert of the rows, one of their search texts, one insert of
 * their shop and warranty filters.
 */
async function writeOffers(
  tx: Tx,
  dialect: Dialect,
  storeId: number,
  batch: PendingOffer[],
  stamp: string,
  params: ImportParams,
  warn: (m: string) => void,
  mayKeep: boolean,
): Promise<Counts> {
  const ids = batch.map((b) => b.offer.id);
  const stored = await tx
    .selectFrom('offers')
    .select(['id', 'updated_at', 'sort', 'feed_hash', ...HASHED_COLUMNS])
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .execute();
  const storedById = new Map(stored.map((r) => [r.id, r]));
  // Offers the feed gives exactly as last time, whose rows nobody changed since: kept as they are.
  const feedHashes = new Map<PendingOffer, string>();
  const candidates: { b: PendingOffer; bases: Set<number> }[] = [];
  if (mayKeep) {
    for (const b of batch) {
      const fh = feedHash(b);
      feedHashes.set(b, fh);
      const r = storedById.get(b.offer.id);
      if (!r?.feed_hash || r.updated_at === stamp || r.feed_hash !== `${fh}:${rowHash(r)}`) continue;
      // Its params must still mean the params it has values of (the owner may have added one deeper since).
      const bases = params.resolvedBaseIds(b.offer.categoryId!, b.offer.params);
      if (bases) candidates.push({ b, bases });
    }
  }
  const kept = new Set<PendingOffer>();
  if (candidates.length) {
    const rows = await tx
      .selectFrom('offer_params')
      .select(['offer_id', 'base_id'])
      .where('store_id', '=', storeId)
      .where('offer_id', 'in', candidates.map((c) => c.b.offer.id))
      .execute();
    const has = new Map<string, number[]>();
    for (const r of rows) has.set(r.offer_id, [...(has.get(r.offer_id) ?? []), r.base_id]);
    for (const c of candidates) if ((has.get(c.b.offer.id) ?? []).every((id) => c.bases.has(id) || COMMON_BASE_IDS.has(id))) kept.add(c.b);
  }
  if (kept.size) {
    const same = [...kept].filter((b) => storedById.get(b.offer.id)!.sort === b.position).map((b) => b.offer.id);
    if (same.length) await tx.updateTable('offers').set({ updated_at: stamp, active: 1 }).where('store_id', '=', storeId).where('id', 'in', same).execute();
    const moved = [...kept].filter((b) => storedById.get(b.offer.id)!.sort !== b.position).map((b): [string, number] => [b.offer.id, b.position]);
    if (moved.length) await updateSorts(tx, dialect, storeId, moved, stamp);
  }
  const written = kept.size ? batch.filter((b) => !kept.has(b)) : batch;
  const keptIds = new Set([...kept].map((b) => b.offer.id));
  const ownerImages = new Map<string, OfferImage[]>();
  const replaced: string[] = [];
  for (const r of stored) {
    if (keptIds.has(r.id)) continue;
    replaced.push(r.id);
    if (r.updated_at === stamp) {
      warn(`offer ${r.id} appears twice; the later one is kept`);
      params.superseded.add(r.sort);
      continue;
    }
    if (!r.data.includes('"images"')) continue;
    const imgs = ((JSON.parse(r.data) as { images?: (OfferImage & { feed?: 1 })[] }).images ?? []).filter((i) => !i.feed && !/^https?:\/\//i.test(i.img));
    if (imgs.length) ownerImages.set(r.id, imgs);
  }
  if (replaced.length) await tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('offer_id', 'in', replaced).execute();
  const rows: unknown[][] = [];
  const search: unknown[][] = [];
  const common: unknown[][] = [];
  for (const b of written) {
    const { offer, pics, position, catPath } = b;
    let warned = false;
    const values = offerValues(offer, (m) => {
      warned = true;
      warn(m);
    });
    params.add(position, offer.id, offer.categoryId!, offer.params);
    const own = (ownerImages.get(offer.id) ?? []).filter((i) => !pics.some((p) => p.id === i.id));
    const all = own.length ? [...pics, ...own].slice(0, 10) : pics.slice(0, 10);
    const { columns, data } = toRow(offerSchema, values);
    const name = displayNameOf(values);
    const row: HashedRow = {
      type: String(values.type),
      name: name || `#${offer.id}`,
      vendor: (columns.vendor as string | undefined) ?? null,
      price: Number(values.price ?? 0),
      oldprice: (columns.oldprice as number | undefined) ?? null,
      category_id: offer.categoryId!,
      available: offer.available === '1' ? 1 : 0,
      deleted: 0,
      picture: all[0]?.img ?? null,
      stock: (columns.stock as number | null | undefined) ?? null,
      cat_path: catPath,
      data: JSON.stringify({ ...data, images: all, ...(Object.keys(offer.extra).length ? { extra: offer.extra } : {}) }),
    };
    // The hash names the row as stored: a feed without <count> keeps the stored stock (OFFER_UPSERT).
    const fh = feedHashes.get(b);
    // An offer whose values drew warnings is written every time (so a re-import reports them again).
    const feedHashValue = fh && !warned ? `${fh}:${rowHash({ ...row, stock: row.stock ?? storedById.get(offer.id)?.stock ?? null })}` : null;
    rows.push([
      storeId,
      offer.id,
      row.type,
      row.name,
      row.vendor,
      row.price,
      row.oldprice,
      row.category_id,
      row.available,
      1,
      0,
      row.picture,
      all[0]?.thumb ?? null,
      position,
      row.stock,
      stamp,
      stamp,
      row.data,
      catPath,
      feedHashValue,
    ]);
    const doc = searchDoc({ ...values, name });
    search.push([storeId, offer.id, doc.name, doc.text]);
    common.push(...commonRows(storeId, offer.id, offer.shop === '1' ? '1' : '0', offer.manufacturer_warranty === '1' ? '1' : '0'));
  }
  await insertRows(tx, dialect, 'offers', OFFER_COLUMNS, rows, OFFER_UPSERT);
  await insertRows(tx, dialect, 'offer_search', ['store_id', 'offer_id', 'name', 'text'], search, SEARCH_UPSERT);
  await insertRows(tx, dialect, 'offer_params', PARAM_COLUMNS, common);
  return { created: batch.length - stored.length, updated: stored.length };
}
