/** A search's page: name hits first, then the others, with the walk of the list order's index for frequent words. */
import { sql, type Expression, type SqlBool } from 'kysely';
import { type SortId } from '../../../schemas';
import { type Dialect } from '../../db/database';
import type { Db } from '../../db/types';
import { type CategoryTree } from '../../db/categoryPath';
import { ftsQuery, tsQuery, type SearchTerm } from '../../lib/searchText';
import { CARD_COLUMNS, offerCard } from './offerCards';
import { KEY_COLUMNS, PAGE_SIZE, SEARCH_PARTS, cardRowsByIds, keyAfter, lastPartOf, searchCursor, searchPartOf, withNext, type SearchPart } from './offerKeyset';
import { DEFERRED_FROM, ListQuery, ORDERABLE, OfferQuery, applySort, inPart } from './offerQuery';
import { catalogueVersion, catalogueVersionNow } from '../../db/catalogueVersion';

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
          // "+": the full-text hits drive (by rowid), never an index walk of the store's search rows.
          .where(sql`+s.store_id`, '=', storeId)
          .where(sql<SqlBool>`s.id in (select rowid from offer_search_fts where offer_search_fts match ${ftsQuery(terms, nameOnly)})`);
}

/**
 * A page of a search: what can be ordered before what cannot (as lists do), and within each, name hits first
 * (every word in the name fields), then the other hits, each part in the list order (SearchPart). With `after`
 * (a search cursor: the part and the sort key of the last row shown) the page starts right after that row, so a
 * deep page costs what the first does.
 */
export async function searchPage(
  db: Db,
  dialect: Dialect,
  storeId: number,
  tree: CategoryTree,
  scoped: (keyed?: boolean) => OfferQuery,
  query: ListQuery,
  terms: SearchTerm[],
  offset: number,
) {
  const cursor = query.after !== undefined ? searchCursor(query.after, query.sort) : null;
  if (cursor) offset = 0;
  const size = Math.min(query.limit ?? PAGE_SIZE, PAGE_SIZE);
  if ((await matchCount(db, dialect, storeId, terms, false)) >= searchTuning.frequent) {
    const { ids, lastPart } = await frequentSearchPage(db, dialect, storeId, scoped, query.sort, terms, offset, size, cursor);
    const rows = await cardRowsByIds(db, storeId, ids);
    return withNext(rows.map((r) => offerCard(r, tree, storeId)), rows, query.sort, { search: lastPart });
  }
  // The part as one number: 1 for a hit outside the name fields, 2 more for an offer that cannot be ordered.
  const part = (eb: any) =>
    sql<number>`(${eb.case().when('o.id', 'in', searchMatches(dialect, storeId, terms, true)(eb)).then(0).else(1).end()} + ${eb.case().when(ORDERABLE).then(0).else(2).end()})`;
  let q = applySearch(scoped(true), dialect, storeId, terms);
  if (cursor) {
    const after = keyAfter(query.sort, cursor.key);
    q = q.where((eb) => eb.or([eb(part(eb), '>', cursor.part), eb.and([eb(part(eb), '=', cursor.part), after])]));
  }
  const sorted = applySort(q.orderBy(part), query.sort);
  if (offset < DEFERRED_FROM) {
    const rows = await sorted.select(CARD_COLUMNS).select(KEY_COLUMNS).select((eb) => part(eb).as('part')).limit(size).offset(offset).execute();
    return withNext(rows.map((r) => offerCard(r, tree, storeId)), rows, query.sort, { search: lastPartOf(rows) });
  }
  const found = await sorted.select('o.id').select((eb) => part(eb).as('part')).limit(size).offset(offset).execute();
  const rows = await cardRowsByIds(db, storeId, found.map((r) => r.id));
  return withNext(rows.map((r) => offerCard(r, tree, storeId)), rows, query.sort, { search: lastPartOf(found) });
}

/**
 * From `frequent` matches on, a search walks the list order's index and checks each offer against the
 * match set, stopping after its page; below it, the matches are read and sorted (at most this many rows).
 */
export const searchTuning = { frequent: 2000 };

/** Match counts per database: store, catalogue version, threshold and query → the count (bounded). */
const matchCounts = new WeakMap<object, Map<string, Promise<number>>>();

/**
 * How many offers of the store match (counted up to searchTuning.frequent only: the index alone, no offer
 * rows), kept per catalogue version: it only picks the plan (both give the same page), and counting a frequent
 * word's hits took more than the page itself (3-37 ms at 1M offers, issue 33).
 */
export async function matchCount(db: Db, dialect: Dialect, storeId: number, terms: SearchTerm[], nameOnly: boolean): Promise<number> {
  const version = catalogueVersionNow(db, storeId) ?? (await catalogueVersion(db, storeId));
  let counts = matchCounts.get(db);
  if (!counts) matchCounts.set(db, (counts = new Map()));
  const key = `${storeId}\u0000${version}\u0000${searchTuning.frequent}\u0000${nameOnly}\u0000${terms.map((t) => `${t.stem}${t.prefix ? '*' : ''}`).join(' ')}`;
  let count = counts.get(key);
  if (count === undefined) {
    if (counts.size >= 10_000) counts.clear();
    const map = counts;
    count = countMatches(db, dialect, storeId, terms, nameOnly);
    map.set(key, count);
    count.catch(() => map.delete(key));
  }
  return count;
}

async function countMatches(db: Db, dialect: Dialect, storeId: number, terms: SearchTerm[], nameOnly: boolean): Promise<number> {
  const inner =
    dialect === 'postgres'
      ? sql`select 1 from offer_search where store_id = ${storeId} and doc @@ to_tsquery('simple', ${tsQuery(terms, nameOnly)}) limit ${searchTuning.frequent}`
      : sql`select 1 from offer_search_fts where offer_search_fts match ${ftsQuery(terms, nameOnly)} limit ${searchTuning.frequent}`;
  const r = await sql<{ n: number | string }>`select count(*) as n from (${inner}) m`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * A page of a search matching many offers (a common word), its parts in order (SearchPart). Each part walks the
 * order's index (the category's range, the filters and whether the offer can be ordered checked on the way) and
 * probes the match set per offer, so it stops after offset + 20 rows of the parts so far instead of reading and
 * sorting every match. Name hits of a word mostly found in descriptions (few) are read from their matches
 * instead. Returns the page's ids and the part of its last one.
 */
async function frequentSearchPage(
  db: Db,
  dialect: Dialect,
  storeId: number,
  scoped: (keyed?: boolean) => OfferQuery,
  sort: SortId,
  terms: SearchTerm[],
  offset: number,
  size: number,
  cursor: { part: SearchPart; key: (string | number)[] } | null,
): Promise<{ ids: string[]; lastPart: SearchPart }> {
  const want = offset + size;
  const nameWalk = (await matchCount(db, dialect, storeId, terms, true)) >= searchTuning.frequent;
  const q = scoped();
  const found: { id: string; part: SearchPart }[] = [];
  for (const p of SEARCH_PARTS) {
    if (found.length >= want) break;
    if (cursor && p < cursor.part) continue;
    const { nameHits, orderable } = searchPartOf(p);
    let hits = nameHits
      ? (nameWalk ? q : scoped(true)).where(matchProbe(dialect, storeId, terms, true, nameWalk))
      : q.where(matchProbe(dialect, storeId, terms, false, true)).where((eb) => eb.not(matchProbe(dialect, storeId, terms, true, nameWalk)(eb)));
    hits = inPart(hits, orderable);
    if (cursor?.part === p) hits = hits.where(keyAfter(sort, cursor.key));
    const more = await applySort(hits, sort).select('o.id').limit(want - found.length).execute();
    found.push(...more.map((r) => ({ id: r.id, part: p })));
  }
  const page = found.slice(offset, want);
  return { ids: page.map((r) => r.id), lastPart: page.at(-1)?.part ?? 0 };
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
        .where(stemsMatch(terms, nameOnly)),
    );
  };
}

/**
 * The offer's own search row checked for the terms as the full-text index matches them (SQLite): its stems are
 * words separated by spaces (lib/searchText.ts), a term is a whole stem (the last one a stem's start), in the name or
 * (not nameOnly) in either column. Probing the walked offers one by one reads a few rows; building the full-text
 * hits of a frequent word as a set read all of them (50,000 at 1M offers: 20-90 ms a page, issue 33).
 */
function stemsMatch(terms: SearchTerm[], nameOnly: boolean): Expression<SqlBool> {
  const has = (column: 's.name' | 's.text', t: SearchTerm) =>
    t.prefix ? sql<SqlBool>`instr(' ' || ${sql.ref(column)}, ${` ${t.stem}`}) > 0` : sql<SqlBool>`instr(' ' || ${sql.ref(column)} || ' ', ${` ${t.stem} `}) > 0`;
  return sql.join(
    terms.map((t) => (nameOnly ? has('s.name', t) : sql<SqlBool>`(${has('s.name', t)} or ${has('s.text', t)})`)),
    sql` and `,
  ) as unknown as Expression<SqlBool>;
}
