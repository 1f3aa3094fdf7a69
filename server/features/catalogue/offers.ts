import { stockAllows } from './stock';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  COMMON_FILTERS,
  MAX_OFFER_IMAGES,
  REGISTRY,
  fromRow,
  offerSchema,
  toApiObject,
  toRow,
  type SortId,
  SORTS,
} from '../../../schemas';
import type { Dialect } from '../../db/database';
import { lockStore, now } from '../../db/database';
import type { Db, Executor, OfferRow } from '../../db/types';
import { DISCOUNT_EXPRESSION } from '../../db/migrations/2026112104_discount_sort';
import { badRequest, notFound } from '../../errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { categoryPath, categoryRange, categoryTree, mainCategoryOf, type CategoryTree } from './categories';
import { paramsInScope, type ParamInfo } from './params';
import type { ImageStore } from '../images/images';
import { bumpCatalogue } from './version';
import { ftsQuery, searchDoc, searchTerms, tsQuery, type SearchDoc, type SearchTerm } from './search';
export { foldSearch, searchDoc } from './search';

export const PAGE_SIZE = 20;

export interface OfferImage {
  id: string;
  img: string;
  thumb: string;
}

export interface ListQuery {
  categoryId?: string;
  page: number;
  sort: SortId;
  filters: Map<number, string>;
  word?: string;
  /** A cursor from a previous page's `next` (category lists): the page after that row, by the sort key. */
  after?: string;
  /** The owner's lists also show products hidden from the shop (active = 0). */
  includeHidden?: boolean;
}

/** The sort of a list call: a sort id, or the seed's JSON (`"increase"`, `{"id": "increase"}`). */
export function parseSort(raw: string | undefined): SortId {
  if (!raw) return 'default';
  let v: unknown = raw;
  try {
    v = JSON.parse(raw);
  } catch {
    /* a bare sort id */
  }
  if (v && typeof v === 'object') v = (v as Record<string, unknown>).id ?? (v as Record<string, unknown>).sort ?? (v as Record<string, unknown>).value;
  if (typeof v === 'string' && (SORTS as readonly string[]).includes(v)) return v as SortId;
  throw badRequest('invalid_input', `Unknown sort; use one of ${SORTS.join(', ')}`, ['sort']);
}

const RANGE = /^(-?\d+(?:[.,]\d+)?)?_(-?\d+(?:[.,]\d+)?)?$/;
const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s.replace(',', '.')));

/** A range `from_to`; an empty or 0 upper bound means no upper bound (the seed sends empty bounds as 0). */
function parseRange(raw: string, baseId: number): { from: number | null; to: number | null } {
  const m = RANGE.exec(raw);
  if (!m) throw badRequest('invalid_input', `filter[${baseId}] must be from_to`, [`filter[${baseId}]`]);
  const from = num(m[1]);
  let to = num(m[2]);
  if (to === 0 && (from ?? 0) > 0) to = null;
  if (from === 0 && to === 0) return { from: null, to: null };
  return { from, to };
}

type OfferQuery = ReturnType<typeof baseQuery>;
const baseQuery = (db: Db, storeId: number, includeHidden = false) => {
  const q = db.selectFrom('offers as o').where('o.store_id', '=', storeId).where('o.deleted', '=', 0);
  return includeHidden ? q : q.where('o.active', '=', 1);
};

/** The common bool filters read the offer's own column, the one the registry declares for their field (292, 306). */
const FLAG_COLUMNS = new Map<number, 'o.shop' | 'o.manufacturer_warranty'>(
  [COMMON_FILTERS.shop, COMMON_FILTERS.warranty].map((no) => [no, `o.${REGISTRY.get(no)!.column!}` as 'o.shop' | 'o.manufacturer_warranty']),
);

/** A bool filter's value, 1 or 0. */
function boolFilter(value: string, baseId: number): '1' | '0' {
  if (value !== '1' && value !== '0') throw badRequest('invalid_input', `filter[${baseId}] must be 1 or 0`, [`filter[${baseId}]`]);
  return value;
}

function applyFilters(q: OfferQuery, storeId: number, filters: Map<number, string>, params: Map<number, ParamInfo>): OfferQuery {
  for (const [baseId, raw] of filters) {
    const value = raw.trim();
    if (value === '') continue;
    if (baseId === COMMON_FILTERS.price) {
      const { from, to } = parseRange(value, baseId);
      if (from !== null) q = q.where('o.price', '>=', from);
      if (to !== null) q = q.where('o.price', '<=', to);
      continue;
    }
    const flag = FLAG_COLUMNS.get(baseId);
    if (flag) {
      // 0: not 1, a warranty never stated included (as its filter row said 0 before the columns).
      q = boolFilter(value, baseId) === '1' ? q.where(flag, '=', 1) : q.where((eb) => eb.or([eb(flag, '=', 0), eb(flag, 'is', null)]));
      continue;
    }
    const param = params.get(baseId);
    if (!param) throw badRequest('invalid_input', `Unknown filter ${baseId}`, [`filter[${baseId}]`]);
    const has = (cond: (eb: any) => Expression<SqlBool>) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('offer_params as op')
            .select(sql.lit(1).as('one'))
            .where('op.store_id', '=', storeId)
            .whereRef('op.offer_id', '=', 'o.id')
            .where('op.base_id', '=', baseId)
            .where(cond),
        ),
      );
    switch (param.kind) {
      case 'select': {
        const ids = value.split('_').filter(Boolean).slice(0, 200);
        q = has((eb) => eb('op.value', 'in', ids));
        break;
      }
      case 'bool':
        q = has((eb) => eb('op.value', '=', boolFilter(value, baseId)));
        break;
      case 'number':
      case 'float': {
        const { from, to } = parseRange(value, baseId);
        if (from === null && to === null) break;
        q = has((eb) => eb.and([...(from !== null ? [eb('op.num', '>=', from)] : []), ...(to !== null ? [eb('op.num', '<=', to)] : [])]));
        break;
      }
      default:
        q = has((eb) => eb('op.value', '=', value));
    }
  }
  return q;
}

/** Live offers matching every word of a search (stems; the last word as a prefix). */
function applySearch(q: OfferQuery, dialect: Dialect, storeId: number, terms: SearchTerm[]): OfferQuery {
  return q.where('o.id', 'in', searchMatches(dialect, storeId, terms, false));
}

/** Offers of the store whose index matches the terms (nameOnly: all of them in the name fields). */
export function searchMatches(dialect: Dialect, storeId: number, terms: SearchTerm[], nameOnly: boolean) {
  return (eb: any) =>
    dialect === 'postgres'
      ? eb.selectFrom('offer_search').select('offer_id').where('store_id', '=', storeId).where(sql<SqlBool>`doc @@ to_tsquery('simple', ${tsQuery(terms, nameOnly)})`)
      : eb
          .selectFrom('offer_search as s')
          .select('s.offer_id')
          .where('s.store_id', '=', storeId)
          .where(sql<SqlBool>`s.id in (select rowid from offer_search_fts where offer_search_fts match ${ftsQuery(terms, nameOnly)})`);
}

function applySort(q: OfferQuery, sort: SortId): OfferQuery {
  switch (sort) {
    case 'increase':
      return q.orderBy('o.price', 'asc').orderBy('o.id');
    case 'descend':
      // Ties by id descending too: the price index is walked backwards.
      return q.orderBy('o.price', 'desc').orderBy('o.id', 'desc');
    case 'discount':
      return q.orderBy(sql.raw(DISCOUNT_EXPRESSION), 'desc').orderBy('o.sort').orderBy('o.id');
    case 'date':
      return q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc');
    default:
      return q.orderBy('o.sort').orderBy('o.id');
  }
}

const CARD_COLUMNS = ['o.id', 'o.type', 'o.name', 'o.vendor', 'o.price', 'o.oldprice', 'o.category_id', 'o.available', 'o.active', 'o.picture', 'o.thumb', 'o.stock', 'o.data'] as const;

/** A page of live products of a category (and the categories below it) or of a search, filtered and sorted. */
export async function listOffers(db: Db, dialect: Dialect, storeId: number, query: ListQuery): Promise<OfferCard[] & { next?: string }> {
  // Filters are the base ids of the list's category path (see params.ts: a base id is unique on a path).
  const [tree, params] = await Promise.all([categoryTree(db, storeId), paramsInScope(db, storeId, query.categoryId)]);
  let q = baseQuery(db, storeId, query.includeHidden);
  if (query.categoryId && query.categoryId !== '0') {
    const node = tree.byId.get(query.categoryId);
    if (!node) return [];
    if (!node.children.length) q = q.where('o.category_id', '=', node.id);
    else {
      // The category and everything below it: one range of the stored path (each order's index carries it).
      const [from, to] = categoryRange(categoryPath(tree, node.id));
      q = q.where('o.cat_path', '>=', from).where('o.cat_path', '<', to);
    }
  }
  q = applyFilters(q, storeId, query.filters, params);
  const offset = (query.page - 1) * PAGE_SIZE;
  if (query.word !== undefined) {
    const terms = searchTerms(query.word);
    if (!terms.length) return [];
    return searchPage(db, dialect, storeId, tree, q, query, terms, offset);
  }
  if (query.after !== undefined) {
    // Keyset: the rows after the cursor's sort key, on the order's index, whatever changed before it.
    const rows = await applySort(q.where(keyAfter(query.sort, listCursor(query.after, query.sort))), query.sort).select(CARD_COLUMNS).select(KEY_COLUMNS).limit(PAGE_SIZE).execute();
    return withNext(rows.map((r) => offerCard(r, tree, storeId)), rows, query.sort);
  }
  if (offset < DEFERRED_FROM) {
    const rows = await applySort(q, query.sort).select(CARD_COLUMNS).select(KEY_COLUMNS).limit(PAGE_SIZE).offset(offset).execute();
    return withNext(rows.map((r) => offerCard(r, tree, storeId)), rows, query.sort);
  }
  // Deep pages: skip rows on the index alone, then read just the page's 20 rows.
  const ids = (await applySort(q, query.sort).select('o.id').limit(PAGE_SIZE).offset(offset).execute()).map((r) => r.id);
  const rows = await cardRowsByIds(db, storeId, ids);
  return withNext(rows.map((r) => offerCard(r, tree, storeId)), rows, query.sort);
}

/**
 * A page of a search: name hits first (every word in the name fields), then the other hits, each part in
 * the list order. With `after` (a search cursor: the part and the sort key of the last row shown) the page
 * starts right after that row, so a deep page costs what the first does.
 */
async function searchPage(db: Db, dialect: Dialect, storeId: number, tree: CategoryTree, q: OfferQuery, query: ListQuery, terms: SearchTerm[], offset: number) {
  const cursor = query.after !== undefined ? searchCursor(query.after, query.sort) : null;
  if (cursor) offset = 0;
  if ((await matchCount(db, dialect, storeId, terms, false)) >= searchTuning.frequent) {
    const { ids, lastPart } = await frequentSearchPage(db, dialect, storeId, q, query.sort, terms, offset, cursor);
    const rows = await cardRowsByIds(db, storeId, ids);
    return withNext(rows.map((r) => offerCard(r, tree, storeId)), rows, query.sort, lastPart);
  }
  // Relevance first: offers with every word in their name (part 0) before those matching in the description (1).
  const part = (eb: any) => eb.case().when('o.id', 'in', searchMatches(dialect, storeId, terms, true)(eb)).then(0).else(1).end();
  q = applySearch(q, dialect, storeId, terms);
  if (cursor) {
    const after = keyAfter(query.sort, cursor.key);
    q = q.where((eb) => (cursor.part === 0 ? eb.or([eb(part(eb), '=', 1), eb.and([eb(part(eb), '=', 0), after])]) : eb.and([eb(part(eb), '=', 1), after])));
  }
  const sorted = applySort(q.orderBy(part), query.sort);
  if (offset < DEFERRED_FROM) {
    const rows = await sorted.select(CARD_COLUMNS).select(KEY_COLUMNS).select((eb) => part(eb).as('part')).limit(PAGE_SIZE).offset(offset).execute();
    return withNext(rows.map((r) => offerCard(r, tree, storeId)), rows, query.sort, lastPartOf(rows));
  }
  const found = await sorted.select('o.id').select((eb) => part(eb).as('part')).limit(PAGE_SIZE).offset(offset).execute();
  const rows = await cardRowsByIds(db, storeId, found.map((r) => r.id));
  return withNext(rows.map((r) => offerCard(r, tree, storeId)), rows, query.sort, lastPartOf(found));
}

/** What a keyset cursor holds: the sort key of a row (the discount as the database computes it). */
const KEY_COLUMNS = ['o.sort', 'o.created_at', sql.raw<number | string>(DISCOUNT_EXPRESSION).as('discount_key')] as const;
type KeyRow = { id: string; sort: number; price: number; created_at: string; discount_key: number | string };

const keyOf = (r: KeyRow, sort: SortId): unknown[] => {
  switch (sort) {
    case 'increase':
    case 'descend':
      return [r.price, r.id];
    case 'discount':
      return [r.discount_key, r.sort, r.id];
    case 'date':
      return [r.created_at, r.id];
    default:
      return [r.sort, r.id];
  }
};

const lastPartOf = (rows: object[]) => (Number((rows.at(-1) as { part?: number } | undefined)?.part ?? 0) === 1 ? 1 : 0);

/**
 * A full page gets `next`: the cursor of its last row, base64url JSON of the sort and its key; a search's
 * starts with "search" and the part of the last row (0: name hits, 1: the others).
 */
function withNext<T>(cards: T[], rows: KeyRow[], sort: SortId, searchPart?: 0 | 1): T[] & { next?: string } {
  const out = cards as T[] & { next?: string };
  if (rows.length === PAGE_SIZE) {
    const key = keyOf(rows[rows.length - 1], sort);
    out.next = Buffer.from(JSON.stringify(searchPart === undefined ? [sort, ...key] : ['search', sort, searchPart, ...key])).toString('base64url');
  }
  return out;
}

const badCursor = () => badRequest('invalid_input', 'after must be the next cursor of a page in the same sort', ['after']);

function decodeCursor(cursor: string): unknown[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  if (!Array.isArray(key)) throw badCursor();
  return key;
}

const keyLength = (sort: SortId) => (sort === 'discount' ? 3 : 2);
const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number';

/** The sort key in a category list's cursor (a cursor of another sort, or a search's, is a 400). */
function listCursor(cursor: string, sort: SortId): (string | number)[] {
  const key = decodeCursor(cursor);
  if (key.length !== 1 + keyLength(sort) || key[0] !== sort || !key.slice(1).every(isScalar)) throw badCursor();
  return key.slice(1) as (string | number)[];
}

/** The part and sort key in a search's cursor. */
function searchCursor(cursor: string, sort: SortId): { part: 0 | 1; key: (string | number)[] } {
  const key = decodeCursor(cursor);
  if (key.length !== 3 + keyLength(sort) || key[0] !== 'search' || key[1] !== sort || (key[2] !== 0 && key[2] !== 1) || !key.slice(3).every(isScalar)) throw badCursor();
  return { part: key[2] as 0 | 1, key: key.slice(3) as (string | number)[] };
}

/** The rows after a cursor's key in the sort's order (row values, so each order's index seeks to it). */
function keyAfter(sort: SortId, [a, b, c]: (string | number)[]) {
  switch (sort) {
    case 'increase':
      return sql<SqlBool>`(o.price, o.id) > (${a}, ${b})`;
    case 'descend':
      return sql<SqlBool>`(o.price, o.id) < (${a}, ${b})`;
    case 'date':
      return sql<SqlBool>`(o.created_at, o.id) < (${a}, ${b})`;
    case 'discount':
      return sql<SqlBool>`(${sql.raw(DISCOUNT_EXPRESSION)} < ${a} or (${sql.raw(DISCOUNT_EXPRESSION)} = ${a} and (o.sort, o.id) > (${b}, ${c})))`;
    default:
      return sql<SqlBool>`(o.sort, o.id) > (${a}, ${b})`;
  }
}

/** The card rows (with their sort keys) of these offers, in this order. */
async function cardRowsByIds(db: Db, storeId: number, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db.selectFrom('offers as o').select(CARD_COLUMNS).select(KEY_COLUMNS).where('o.store_id', '=', storeId).where('o.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * From `frequent` matches on, a search walks the list order's index and checks each offer against the
 * match set, stopping after its page; below it, the matches are read and sorted (at most this many rows).
 */
export const searchTuning = { frequent: 2000 };

/** How many offers of the store match (counted up to searchTuning.frequent only: the index alone, no offer rows). */
async function matchCount(db: Db, dialect: Dialect, storeId: number, terms: SearchTerm[], nameOnly: boolean): Promise<number> {
  const inner =
    dialect === 'postgres'
      ? sql`select 1 from offer_search where store_id = ${storeId} and doc @@ to_tsquery('simple', ${tsQuery(terms, nameOnly)}) limit ${searchTuning.frequent}`
      : sql`select 1 from offer_search_fts where offer_search_fts match ${ftsQuery(terms, nameOnly)} limit ${searchTuning.frequent}`;
  const r = await sql<{ n: number | string }>`select count(*) as n from (${inner}) m`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * A page of a search matching many offers (a common word): name hits first, then the other hits, each in
 * the list order. Each part walks the order's index (the category's range and the filters checked on the
 * way) and probes the match set per offer, so it stops after offset + 20 rows of that part instead of
 * reading and sorting every match. A part with few matches (name hits of a word mostly found in
 * descriptions) is read from its matches instead. Returns the page's ids.
 */
async function frequentSearchPage(
  db: Db,
  dialect: Dialect,
  storeId: number,
  q: OfferQuery,
  sort: SortId,
  terms: SearchTerm[],
  offset: number,
  cursor: { part: 0 | 1; key: (string | number)[] } | null,
): Promise<{ ids: string[]; lastPart: 0 | 1 }> {
  const want = offset + PAGE_SIZE;
  const nameWalk = (await matchCount(db, dialect, storeId, terms, true)) >= searchTuning.frequent;
  let ids: string[] = [];
  if (!cursor || cursor.part === 0) {
    let names = q.where(matchProbe(dialect, storeId, terms, true, nameWalk));
    if (cursor) names = names.where(keyAfter(sort, cursor.key));
    ids = (await applySort(names, sort).select('o.id').limit(want).execute()).map((r) => r.id);
  }
  const nameHits = ids.length;
  if (ids.length < want) {
    let rest = q.where(matchProbe(dialect, storeId, terms, false, true)).where((eb) => eb.not(matchProbe(dialect, storeId, terms, true, nameWalk)(eb)));
    if (cursor?.part === 1) rest = rest.where(keyAfter(sort, cursor.key));
    const more = await applySort(rest, sort).select('o.id').limit(want - ids.length).execute();
    ids = ids.concat(more.map((r) => r.id));
  }
  const page = ids.slice(offset, want);
  return { ids: page, lastPart: offset + page.length <= nameHits ? 0 : 1 };
}

/**
 * The condition "offer o matches" (nameOnly: in its name fields). walk: written so the database keeps
 * walking the order's index and probes per offer (SQLite: the offer's search row by its unique index, its
 * rowid against the full-text hits read once); else the matches drive the query.
 */
function matchProbe(dialect: Dialect, storeId: number, terms: SearchTerm[], nameOnly: boolean, walk: boolean) {
  return (eb: any): Expression<SqlBool> => {
    if (dialect === 'postgres' || !walk) return eb('o.id', 'in', searchMatches(dialect, storeId, terms, nameOnly)(eb));
    return eb.exists(
      eb
        .selectFrom('offer_search as s')
        .select(sql.lit(1).as('one'))
        .whereRef('s.store_id', '=', 'o.store_id')
        .whereRef('s.offer_id', '=', 'o.id')
        // "+": the hits are a set to probe, never a list to loop over per offer (the rowid is no index key here).
        .where(sql<SqlBool>`+s.id in (select rowid from offer_search_fts where offer_search_fts match ${ftsQuery(terms, nameOnly)})`),
    );
  };
}

/** From this offset on, a page is read as ids first (skipping wide rows costs more than a second query). */
const DEFERRED_FROM = 200;

type CardRow = Pick<OfferRow, 'id' | 'type' | 'name' | 'vendor' | 'price' | 'oldprice' | 'category_id' | 'available' | 'active' | 'picture' | 'thumb' | 'stock' | 'data'>;

import { displayNameOf } from './displayName';
export { displayNameOf };

export type OfferCard = ReturnType<typeof offerCard>;

/** The list form of an offer: what a catalogue card and a cart line need. */
export function offerCard(r: CardRow, tree: CategoryTree, storeId: number) {
  const data = JSON.parse(r.data) as Record<string, unknown>;
  return {
    id: r.id,
    mainCatId: mainCategoryOf(tree, r.category_id),
    shopId: String(storeId),
    type: r.type,
    name: r.name,
    vendor: r.vendor,
    model: data.model ?? null,
    typePrefix: data.typePrefix ?? null,
    price: r.price,
    oldprice: r.oldprice,
    currencyId: data.currencyId ?? 'RUR',
    categoryId: r.category_id,
    picture: r.picture,
    thumb: r.thumb,
    images: ((data.images as OfferImage[] | undefined) ?? []).map((i) => i.img),
    // Out of stock (a counted stock at 0) cannot be ordered: shown as 'Товар недоступен для заказа'.
    available: r.available && stockAllows(r.stock) ? '1' : '0',
    active: r.active ? '1' : '0',
  };
}

/** The full item: every field of its type, its pictures and its parameters. */
export async function getOffer(db: Db, storeId: number, id: string, opts: { includeHidden?: boolean; /** The owner's editor: `available` as the owner set it, not 0 when out of stock. */ ownFlags?: boolean } = {}) {
  let q = db.selectFrom('offers').selectAll().where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0);
  if (!opts.includeHidden) q = q.where('active', '=', 1);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  const [tree, own, shopWide, values] = await Promise.all([
    categoryTree(db, storeId),
    paramsInScope(db, storeId, row.category_id),
    // A value kept from a category the offer left shows while its base id names one param of the shop.
    paramsInScope(db, storeId, null),
    db.selectFrom('offer_params').select(['base_id', 'value', 'num']).where('store_id', '=', storeId).where('offer_id', '=', id).execute(),
  ]);
  const params = new Map([...shopWide, ...own]);
  const valueNames = await selectValueNames(db, storeId, values.map((v) => v.base_id), params);
  const typed = fromRow(offerSchema, row as unknown as Record<string, unknown>);
  const images = ((typed as { images?: OfferImage[] }).images ?? JSON.parse(row.data).images ?? []) as OfferImage[];
  return {
    ...toApiObject(offerSchema, typed),
    // A product at 0 in stock shows as unavailable; the owner's editor gets its own flag back to edit.
    ...(opts.ownFlags ? {} : { available: row.available && stockAllows(row.stock) ? '1' : '0' }),
    id: row.id,
    shopId: String(storeId),
    categoryId: row.category_id,
    mainCatId: mainCategoryOf(tree, row.category_id),
    created: row.created_at,
    images: images.map((i) => ({ id: i.id, img: i.img, thumb: i.thumb })),
    params: values
      .map((v) => {
        const p = params.get(v.base_id);
        if (!p) return null;
        return {
          baseId: v.base_id,
          name: p.name,
          kind: p.kind,
          unit: p.unit,
          value: v.value,
          valueName: p.kind === 'select' ? (valueNames.get(`${p.id}:${v.value}`) ?? v.value) : v.value,
        };
      })
      .filter((x) => x !== null)
      .concat(displayOnlyParams(row.data)),
  };
}

/** Feed params beyond the store's filter slots: shown on the item page as text, not filterable (base id 0). */
function displayOnlyParams(data: string) {
  const props = (JSON.parse(data) as { props?: { name: string; unit?: string; value: string }[] }).props ?? [];
  return props.map((p) => ({ baseId: 0, name: p.name, kind: 'varchar' as const, unit: p.unit ?? null, value: p.value, valueName: p.value }));
}

async function selectValueNames(db: Executor, storeId: number, baseIds: number[], params: Map<number, ParamInfo>) {
  const ids = [...new Set(baseIds.map((b) => params.get(b)).filter((p) => p?.kind === 'select').map((p) => p!.id))];
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('param_values').select(['param_id', 'id', 'name']).where('store_id', '=', storeId).where('param_id', 'in', ids).execute();
  for (const r of rows) out.set(`${r.param_id}:${r.id}`, r.name);
  return out;
}

/** Cart lines by id: live products of this store, in the order asked; unknown or deleted ones are left out. */
export async function offersByIds(db: Db, storeId: number, ids: string[]) {
  const wanted = [...new Set(ids.map((s) => s.trim()).filter(Boolean))].slice(0, 500);
  if (!wanted.length) return [];
  const tree = await categoryTree(db, storeId);
  const rows = await db
    .selectFrom('offers as o')
    .select(CARD_COLUMNS)
    .where('o.store_id', '=', storeId)
    .where('o.deleted', '=', 0)
    .where('o.id', 'in', wanted)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map((r) => ({ ...offerCard(r, tree, storeId), available: r.available && r.active && stockAllows(r.stock) ? '1' : '0' }));
}

/** Writes (doc) or removes (null) an offer's search index entry. */
export async function indexOffer(db: Executor, _dialect: Dialect, storeId: number, offerId: string, doc: SearchDoc | null) {
  if (doc === null) {
    await db.deleteFrom('offer_search').where('store_id', '=', storeId).where('offer_id', '=', offerId).execute();
    return;
  }
  await db
    .insertInto('offer_search')
    .values({ store_id: storeId, offer_id: offerId, ...doc })
    .onConflict((oc) => oc.columns(['store_id', 'offer_id']).doUpdateSet(doc))
    .execute();
}

/** Replaces an offer's custom parameter values, by base id. */
export async function writeOfferParams(db: Executor, storeId: number, offerId: string, values: Map<number, string[]>, params: Map<number, ParamInfo>) {
  await db.deleteFrom('offer_params').where('store_id', '=', storeId).where('offer_id', '=', offerId).execute();
  const rows = [...values].flatMap(([baseId, vals]) =>
    [...new Set(vals)].map((value) => {
      const kind = params.get(baseId)?.kind;
      const n = kind === 'number' || kind === 'float' ? Number(value.replace(',', '.')) : null;
      return { store_id: storeId, offer_id: offerId, base_id: baseId, value, num: n !== null && Number.isFinite(n) ? n : null };
    }),
  );
  if (rows.length) await db.insertInto('offer_params').values(rows).execute();
}

export interface OfferWrite {
  values: Record<string, unknown>;
  /** Custom params by base id; a select param's value is a value id, several joined by '_'. */
  params: Map<number, string>;
  /** New pictures by slot (0..9). */
  files: Map<number, Buffer>;
}

async function nextOfferId(db: Executor, storeId: number): Promise<string> {
  const ids = await db.selectFrom('offers').select('id').where('store_id', '=', storeId).execute();
  return String(ids.reduce((m, r) => (/^\d{1,15}$/.test(r.id) ? Math.max(m, Number(r.id)) : m), 0) + 1);
}

/**
 * Creates (id null) or updates an offer from validated values. Pictures go to their slots; custom params
 * are checked against the store's params; the description is sanitised; the search index follows.
 */
export async function saveOffer(db: Db, dialect: Dialect, images: ImageStore, storeId: number, userId: number, id: string | null, write: OfferWrite): Promise<string> {
  const oldCategory = id === null ? undefined : (await db.selectFrom('offers').select('category_id').where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst())?.category_id;
  const category = write.values.categoryId !== undefined ? String(write.values.categoryId) : oldCategory;
  // An offer's params are those of its category's path, by base id.
  const [tree, params, oldParams] = await Promise.all([
    categoryTree(db, storeId),
    paramsInScope(db, storeId, category),
    oldCategory !== undefined && oldCategory !== category ? paramsInScope(db, storeId, oldCategory) : null,
  ]);
  const values = { ...write.values };
  if (values.categoryId !== undefined && !tree.byId.has(String(values.categoryId))) throw badRequest('invalid_input', 'Unknown category', ['categoryId']);
  if (typeof values.description === 'string') values.description = sanitizeRichText(values.description);
  const paramValues = new Map<number, string[]>();
  for (const [baseId, raw] of write.params) {
    const p = params.get(baseId);
    if (!p || p.id === 0) throw badRequest('invalid_input', `Unknown parameter ${baseId}`, [`${baseId}_param`]);
    if (raw.trim() === '') continue;
    if ((p.kind === 'number' || p.kind === 'float') && !Number.isFinite(Number(raw.replace(',', '.')))) throw badRequest('invalid_input', undefined, [`${baseId}_param`]);
    if (p.kind === 'bool' && !['0', '1'].includes(raw)) throw badRequest('invalid_input', undefined, [`${baseId}_param`]);
    paramValues.set(baseId, p.kind === 'select' ? raw.split('_').filter(Boolean) : [raw.trim()]);
  }
  if (write.params.size) {
    const selectIds = [...paramValues].filter(([b]) => params.get(b)!.kind === 'select');
    for (const [b, ids] of selectIds) {
      const known = await db.selectFrom('param_values').select('id').where('store_id', '=', storeId).where('param_id', '=', params.get(b)!.id).where('id', 'in', ids).execute();
      if (known.length !== ids.length) throw badRequest('invalid_input', `Unknown value of parameter ${b}`, [`${b}_param`]);
    }
  }
  // Pictures are checked by their bytes (all of them) before any is stored, and stored before the
  // transaction: a bad file, or an unknown product, changes nothing and leaves no file behind.
  const prepared = [];
  for (const [slot, data] of write.files) prepared.push({ slot, image: await images.prepareImage(storeId, 'offers', data) });
  if (id !== null && prepared.length) {
    const exists = await db.selectFrom('offers').select('id').where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
    if (!exists) throw notFound();
  }
  const uploaded = new Map<number, OfferImage>();
  for (const { slot, image } of prepared) {
    const saved = await image.save();
    uploaded.set(slot, { id: saved.img.split('/').pop()!.split('.')[0], ...saved });
  }

  let offerId = id;
  await db.transaction().execute(async (tx) => {
    let existing: Record<string, unknown> = {};
    let oldImages: (OfferImage | null)[] = [];
    if (id !== null) {
      const row = await tx.selectFrom('offers').selectAll().where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
      if (!row) throw notFound();
      existing = fromRow(offerSchema, row as unknown as Record<string, unknown>);
      oldImages = (JSON.parse(row.data).images ?? []) as OfferImage[];
    } else {
      await lockStore(tx, storeId);
      offerId = await nextOfferId(tx, storeId);
      // A new product goes to the end of the shop's default order unless the owner gave it a place.
      if (values.sort === undefined || values.sort === null || values.sort === 0) {
        const last = await tx.selectFrom('offers').select((eb) => eb.fn.max('sort').as('max')).where('store_id', '=', storeId).executeTakeFirst();
        values.sort = Number(last?.max ?? 0) + 1;
      }
    }
    const merged: Record<string, unknown> = { ...existing, ...values, userId };
    const imgs: (OfferImage | null)[] = Array.from({ length: MAX_OFFER_IMAGES }, (_, i) => oldImages[i] ?? null);
    for (const [slot, img] of uploaded) imgs[slot] = img;
    const kept = imgs.filter((x): x is OfferImage => x !== null);
    // The same picture in two slots shares its file (content-addressed) but not its id: deleting one keeps the other.
    const ids = new Set<string>();
    for (const img of kept) {
      const base = img.id.replace(/-\d+$/, '');
      let n = 1;
      while (ids.has(img.id)) img.id = `${base}-${++n}`;
      ids.add(img.id);
    }
    const { columns, data } = toRow(offerSchema, merged);
    const row = {
      ...columns,
      store_id: storeId,
      id: offerId!,
      type: String(merged.type ?? 'common'),
      name: displayNameOf(merged),
      price: Number(merged.price ?? 0),
      category_id: String(merged.categoryId),
      cat_path: categoryPath(tree, String(merged.categoryId)),
      picture: kept[0]?.img ?? null,
      thumb: kept[0]?.thumb ?? null,
      updated_at: now(),
      data: JSON.stringify({ ...data, images: kept }),
    } as Record<string, unknown>;
    delete row.deleted;
    if (id === null) await tx.insertInto('offers').values({ ...row, created_at: now(), deleted: 0 } as never).execute();
    else await tx.updateTable('offers').set(row as never).where('store_id', '=', storeId).where('id', '=', id).execute();
    if (write.params.size || oldParams) {
      const all = new Map(paramValues);
      if (id !== null && !write.params.size) {
        const old = await tx.selectFrom('offer_params').select(['base_id', 'value']).where('store_id', '=', storeId).where('offer_id', '=', id).execute();
        // Kept as they are; moved to another category, not those whose base id names another param there.
        for (const o of old) if (!oldParams || !params.has(o.base_id) || params.get(o.base_id)!.id === oldParams.get(o.base_id)?.id) all.set(o.base_id, [...(all.get(o.base_id) ?? []), o.value]);
      }
      await writeOfferParams(tx, storeId, offerId!, all, params);
    }
    await indexOffer(tx, dialect, storeId, offerId!, searchDoc({ ...merged, name: displayNameOf(merged) }));
    await bumpCatalogue(tx, storeId);
  });
  return offerId!;
}

export async function deleteOffer(db: Db, dialect: Dialect, storeId: number, id: string) {
  await db.transaction().execute(async (tx) => {
    const r = await tx.updateTable('offers').set({ deleted: 1, updated_at: now() }).where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notFound();
    await indexOffer(tx, dialect, storeId, id, null);
    await bumpCatalogue(tx, storeId);
  });
}

/** Removes one picture; the next one becomes the main picture. */
export async function deleteOfferImage(db: Db, storeId: number, id: string, imageId: string) {
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('offers').select(['data']).where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
    if (!row) throw notFound();
    const data = JSON.parse(row.data);
    const images = (data.images ?? []) as OfferImage[];
    const left = images.filter((i) => i.id !== imageId);
    if (left.length === images.length) throw notFound();
    await tx
      .updateTable('offers')
      .set({ data: JSON.stringify({ ...data, images: left }), picture: left[0]?.img ?? null, thumb: left[0]?.thumb ?? null, updated_at: now() })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .execute();
    await bumpCatalogue(tx, storeId);
  });
}
