/**
 * The pure half of a YML import: everything done per offer that needs no database. The feed is parsed
 * (parseYml), each offer's values are validated and sanitised, its search text stemmed, its row, search and
 * filter values laid out as the INSERTs bind them, its feed hash taken, its new param names counted; the
 * offers go out in batches. It runs in a worker thread (importWorker.ts) while the main thread writes the
 * batches (importYml.ts), or in the main thread itself (a local feed whose pictures are saved from files,
 * or when no worker can be started): the same code, so both give the same catalogue.
 *
 * What needs the database comes from the writer: the categories are handed over to be written, and once
 * the first offer of a declared category arrives the writer answers with the categories' paths and the
 * shop's params (the context). A batch never holds the same id twice (a repeated id starts a new batch,
 * so the writer finds the earlier occurrence stored and keeps the later one).
 */
import crypto from 'node:crypto';
import { OFFER_TYPES, offerFieldsFor, offerSchema, toRow, validateFields } from '../../../../schemas';
import { sanitizeRichText } from '../../../lib/sanitize';
import { displayNameOf, type OfferImage } from '../../catalogue/public';
import { searchSource, stemText } from '../../../lib/searchText';
import { ParamNames, type NameStats, type ParamSnapshot } from './paramNames';
import { parseYml } from './parseYml';
import { hasPrice } from './offerReader';
import { type YmlCategory, type YmlInput, type YmlOffer } from './types';
import { mapStaged, ParamStage, type ParamPlan, type ParamSink } from './stagedParams';

/** Offers per batch (one read of those already stored, one multi-row insert per table). */
export const BATCH = 500;

export const OFFER_COLUMNS = [
  'store_id', 'id', 'type', 'name', 'vendor', 'price', 'oldprice', 'category_id', 'available', 'active', 'deleted',
  'picture', 'thumb', 'sort', 'stock', 'created_at', 'updated_at', 'data', 'cat_path', 'feed_hash', 'shop', 'manufacturer_warranty', 'group_id',
] as const;
/** Position of a column in an offer's values (OFFER_COLUMNS order). */
export const COL = Object.fromEntries(OFFER_COLUMNS.map((c, i) => [c, i])) as Record<(typeof OFFER_COLUMNS)[number], number>;
export const OFFER_WIDTH = OFFER_COLUMNS.length;
export const SEARCH_COLUMNS = ['store_id', 'offer_id', 'name', 'text'] as const;
export const SEARCH_WIDTH = SEARCH_COLUMNS.length;

/**
 * The columns of an offer row a re-import compares (through a hash) with what the last import wrote: all it
 * writes but the stamps, sort, visibility (written again anyway) and the thumbnail (made from the picture
 * later, then kept).
 */
export const HASHED_COLUMNS = ['type', 'name', 'vendor', 'price', 'oldprice', 'category_id', 'available', 'deleted', 'picture', 'stock', 'cat_path', 'data', 'shop', 'manufacturer_warranty', 'group_id'] as const;
export type HashedRow = Record<(typeof HASHED_COLUMNS)[number], unknown>;
export const hash = (text: string) => crypto.hash('sha1', text, 'base64url');
const hashValue = (v: unknown) => (v === null || v === undefined ? '\u0001' : String(v));
export const rowHash = (row: HashedRow) => hash(HASHED_COLUMNS.map((c) => hashValue(row[c])).join('\u0000'));
const HASHED_AT = HASHED_COLUMNS.map((c) => COL[c]);
/** rowHash of an offer's values in a batch's flat `rows` (from `base`), with its stock as given. */
export const flatRowHash = (rows: unknown[], base: number, stock: unknown) => {
  let text = '';
  for (let i = 0; i < HASHED_AT.length; i++) {
    const at = HASHED_AT[i];
    text += (i ? '\u0000' : '') + hashValue(at === COL.stock ? stock : rows[base + at]);
  }
  return hash(text);
};
/**
 * The feed hash of an offer: of its row as the feed gives it (its own pictures and stock, its category path)
 * and its params, that is of everything the import writes of it but its place in the feed. Taken from what
 * the import writes rather than from the parsed offer: a change of the feed that changes nothing written
 * (whitespace, an element its type does not have) keeps the offer too, and it costs one short hash more.
 */
export const feedHashOf = (rowHashValue: string, paramsJson: string | null) => hash(`${rowHashValue}\u0000${paramsJson ?? ''}`);

export type FeedImage = OfferImage & { feed?: 1 };

/**
 * Registry values of a feed offer; a value its field rejects is dropped with a warning, never fatal. Written
 * for a million offers: no object spread (V8 copies `{ ...o, more }` slowly), only the fields the offer has
 * are validated (validateFields skips absent ones of a partial write anyway), in the registry's order.
 */
export function offerValues(offer: YmlOffer, warn: (m: string) => void): Record<string, unknown> {
  const type = (OFFER_TYPES as readonly string[]).includes(offer.type) ? offer.type : 'common';
  const fields = fieldsOf(type);
  const sent: Record<string, unknown> = {};
  const present: typeof fields = [];
  const o = offer as unknown as Record<string, unknown>;
  for (const f of fields) {
    const k = f.name;
    let v: unknown;
    if (k === 'type') v = type;
    // The feed's <count> is the product's stock (the registry's `stock` field checks it: a whole number, 0 or more).
    else if (k === 'stock') v = offer.extra.count;
    else if (k === 'dataTour') v = offer.dataTour?.join('\n');
    else if (k === 'name') v = offer.name || [offer.typePrefix, offer.vendor, offer.model].filter(Boolean).join(' ') || offer.title || `#${offer.id}`;
    else v = o[k];
    if (v === undefined || v === '') continue;
    sent[k] = v;
    present.push(f);
  }
  const { values, errors } = validateFields(present, sent, { partial: true });
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

/** Warnings and skipped offers since the writer's last message, in feed order. */
export interface Notes {
  warnings: string[];
  /** Offers skipped, by reason. */
  skipped: Record<string, number>;
}

/**
 * A batch of offers, column-wise, every value laid out as the writer binds it (structured-clone friendly:
 * arrays of strings and numbers). Offer i's row is `rows[i * OFFER_WIDTH …]`, its search text
 * `search[i * SEARCH_WIDTH …]` (as searchSource gives it: the writer stems those it writes, stemBatch). The rows hold
 * the feed's own pictures only. The hashes are taken by the writer (hashBatch) before it writes, in the
 * thread with time to spare (the worker's parse is the pipeline's slower half): feed_hash becomes
 * `<feed hash>:<row hash>` with the stock as the feed gives it (null when the offer drew a warning or the
 * import may not keep offers); the writer then adds the owner's pictures and the stored stock of a row it
 * replaces, and hashes again.
 */
export interface OfferBatch extends Notes {
  ids: string[];
  /** The offers' places in the feed (their sort). */
  positions: number[];
  categoryIds: string[];
  /** The feed hash of each offer (when the import may keep unchanged offers), once hashBatch has run. */
  feedHashes: string[] | null;
  /** Offers (indices) whose values drew a warning: written every time, so a re-import reports them again. */
  warned: number[];
  rows: unknown[];
  search: unknown[];
  /** Each offer's params as JSON, null when it has none (the writer checks a stored offer's against them). */
  params: (string | null)[];
  /** Offers of declared categories read so far (progress). */
  offers: number;
  /** An offer of the batch has an id the feed had before (else none of its ids can be stored yet in a shop that had no offers). */
  repeats: boolean;
}

/** What the writer tells the preparer once the feed's categories are written. */
export interface PrepareContext {
  /** cat_path of each category of the feed. */
  paths: Map<string, string>;
  params: ParamSnapshot;
}

export interface PrepareEnd extends Notes {
  /** Offers of declared categories. */
  offers: number;
  /** The feed's new param names and their use (null when no offer of a declared category came). */
  seen: Map<string, NameStats> | null;
}

/** The writer's side (importYml.ts): called in order, each awaited. */
export interface PrepareSink {
  /** The feed's categories, parents first, once `</categories>` is read (and before the first offer). */
  categories(list: YmlCategory[], notes: Notes): Promise<void>;
  /** Asked once, at the first offer of a declared category. */
  context(notes: Notes): Promise<PrepareContext>;
  batch(batch: OfferBatch): Promise<void>;
}

export interface PrepareOptions {
  storeId: number;
  /** Where the writer stages the offers' params until the feed's params are placed (stagedParams.ts). */
  stagingFile: string;
  /** The import's stamp (created_at / updated_at of the rows it writes). */
  stamp: string;
  /** Feed hashes are taken (an offer unchanged since the last import may be kept as it is). */
  mayKeep: boolean;
  /** A picture as stored; default: a remote one as it is, a relative path none (only a local feed has files). */
  picture?: (src: string) => Promise<OfferImage | null> | OfferImage | null;
  signal?: AbortSignal;
  /** Hands out the preparer's warn, for warnings raised outside it (the main thread's decoding of the input). */
  bindWarn?: (warn: (m: string) => void) => void;
}

const REMOTE = /^https?:\/\//i;
const hasKeys = (o: object) => {
  for (const _ in o) return true;
  return false;
};

/** A prepared feed: what is left to write, and the staged params to map once the writer has placed them. */
export interface Prepared {
  end: PrepareEnd;
  /**
   * Maps the staged params by the writer's plan into the sink; resolves with the new select values' rows.
   * `meanwhile` is the writer's work that needs no param (the offers' index builds): run while a worker maps.
   */
  mapParams(plan: ParamPlan, sink: ParamSink, meanwhile?: () => Promise<void>): Promise<unknown[][]>;
}

/**
 * Parses the feed and prepares its offers for the sink; resolves once every batch is handed over. Rejects
 * with a YmlError on a broken feed (parseYml), or whatever the sink threw.
 */
export async function prepareFeed(input: YmlInput, opts: PrepareOptions, sink: PrepareSink): Promise<Prepared> {
  const { storeId, stamp, mayKeep } = opts;
  let warnings: string[] = [];
  let skipped: Record<string, number> = {};
  const notes = (): Notes => {
    const n = { warnings, skipped };
    warnings = [];
    skipped = {};
    return n;
  };
  const skip = (reason: string) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const warn = (m: string) => {
    warnings.push(m);
  };
  opts.bindWarn?.(warn);

  let categoryList: YmlCategory[] = [];
  const categoryIds = new Set<string>();
  const flushCategories = async () => {
    if (!categoryList.length) return;
    const list = categoryList;
    categoryList = [];
    await sink.categories(list, notes());
  };
  let context: PrepareContext | null = null;
  let names: ParamNames | null = null;
  let position = 0;
  let offers = 0;

  let batch = newBatch(mayKeep);
  const pendingIds = new Set<string>();
  const flush = async () => {
    if (!batch.ids.length) return;
    const b = batch;
    batch = newBatch(mayKeep);
    pendingIds.clear();
    Object.assign(b, notes(), { offers });
    await sink.batch(b);
  };

  const add = (offer: YmlOffer, pics: FeedImage[], pos: number, catPath: string) => {
    const b = batch;
    const all = pics.length > 10 ? pics.slice(0, 10) : pics;
    let warned = false;
    const values = offerValues(offer, (m) => {
      warned = true;
      warn(m);
    });
    names!.count(offer.categoryId!, offer.params);
    const { columns, data } = toRow(offerSchema, values);
    const name = displayNameOf(values);
    data.images = all;
    if (hasKeys(offer.extra)) data.extra = offer.extra;
    const base = b.rows.length;
    b.rows.push(
      storeId,
      offer.id,
      String(values.type),
      name || `#${offer.id}`,
      (columns.vendor as string | undefined) ?? null,
      Number(values.price ?? 0),
      (columns.oldprice as number | undefined) ?? null,
      offer.categoryId!,
      offer.available === '1' && hasPrice(offer) ? 1 : 0,
      1,
      0,
      all[0]?.img ?? null,
      all[0]?.thumb ?? null,
      pos,
      (columns.stock as number | null | undefined) ?? null,
      stamp,
      stamp,
      JSON.stringify(data),
      catPath,
      null,
      (columns.shop as number | undefined) ?? 0,
      (columns.manufacturer_warranty as number | undefined) ?? null,
      (columns.group_id as string | undefined) ?? null,
    );
    const paramsJson = offer.params.length ? JSON.stringify(offer.params) : null;
    if (warned) b.warned.push(b.ids.length);
    b.ids.push(offer.id);
    b.positions.push(pos);
    b.categoryIds.push(offer.categoryId!);
    values.name = name; // (after toRow: the row's name column is `name || #id`)
    const source = searchSource(values);
    b.search.push(storeId, offer.id, source.name, source.text);
    b.params.push(paramsJson);
  };

  await parseYml(
    input,
    {
      onWarning: warn,
      onCategory: (c) => {
        categoryList.push(c);
        categoryIds.add(c.id);
      },
      onOffer: async (offer, repeated) => {
        position++;
        await flushCategories();
        if (!offer.categoryId || !categoryIds.has(offer.categoryId)) {
          // The reader warned (a category not declared, or none); the report counts the skip apart.
          skip('category_missing');
          return;
        }
        if (!context) {
          context = await sink.context(notes());
          names = new ParamNames(context.params);
        }
        const pics: FeedImage[] = [];
        for (const src of offer.pictures) {
          if (!opts.picture) {
            // A remote feed: the picture as its URL ({ ...remotePicture(src), feed: 1 } without the copy).
            if (REMOTE.test(src)) pics.push({ id: 'u0', img: src, thumb: src, feed: 1 });
            continue;
          }
          const p = await opts.picture(src);
          if (p) pics.push({ ...p, id: p.id || String(pics.length), feed: 1 });
        }
        if (pendingIds.has(offer.id)) await flush();
        add(offer, pics, position, context.paths.get(offer.categoryId)!);
        if (repeated) batch.repeats = true;
        pendingIds.add(offer.id);
        offers++;
        if (batch.ids.length >= BATCH) await flush();
      },
    },
    { signal: opts.signal },
  );
  await flushCategories();
  await flush();
  const counted = names as ParamNames | null;
  return {
    end: { ...notes(), offers, seen: counted ? counted.seen() : null },
    mapParams: async (plan, paramSink, meanwhile) => {
      await meanwhile?.();
      // The writer staged the params of every batch (importYml.ts) in the file named by stagingFile.
      return counted ? mapStaged(new ParamStage(opts.stagingFile, false), counted, plan, paramSink) : [];
    },
  };
}

function newBatch(mayKeep: boolean): OfferBatch {
  return { ids: [], positions: [], categoryIds: [], feedHashes: mayKeep ? [] : null, warned: [], rows: [], search: [], params: [], offers: 0, repeats: false, warnings: [], skipped: {} };
}

/**
 * The writer's first step with a batch (when the import may keep unchanged offers): each offer's feed hash,
 * and `<feed hash>:<row hash>` in feed_hash of those that drew no warning, of the rows as the preparer laid
 * them out. Once per batch.
 */
export function hashBatch(b: OfferBatch): void {
  const hashes = b.feedHashes;
  if (!hashes || hashes.length === b.ids.length) return;
  const { rows } = b;
  let w = 0;
  for (let i = 0; i < b.ids.length; i++) {
    const base = i * OFFER_WIDTH;
    const rh = flatRowHash(rows, base, rows[base + COL.stock]);
    const fh = feedHashOf(rh, b.params[i]);
    hashes.push(fh);
    if (b.warned[w] === i) w++;
    else rows[base + COL.feed_hash] = `${fh}:${rh}`;
  }
}

/** The search texts of a batch's offers (indices) stemmed as the index holds them (searchDoc): the writer's, before it writes them. */
export function stemBatch(b: OfferBatch, offers: number[]): void {
  const { search } = b;
  for (const i of offers) {
    const at = i * SEARCH_WIDTH + 2;
    search[at] = stemText(search[at] as string);
    search[at + 1] = stemText(search[at + 1] as string);
  }
}
