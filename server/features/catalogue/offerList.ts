/** api=offers lists: a category (with everything below it) or a search, filtered and sorted, a page at a time. */
import { sql } from 'kysely';
import { COMMON_FILTERS, type SortId } from '../../../schemas';
import { type Dialect } from '../../db/database';
import type { Db } from '../../db/types';
import { categoryTree } from './categoryTree';
import { categoryPath, categoryRange } from '../../db/categoryPath';
import { paramsInScope } from './params';
import { searchTerms } from '../../lib/searchText';
import { CARD_COLUMNS, OfferCard, offerCard } from './offerCards';
import { KEY_COLUMNS, PAGE_SIZE, cardRowsByIds, keyAfter, listCursor, withNext } from './offerKeyset';
import { DEFERRED_FROM, ListQuery, OfferQuery, applyFilters, applySort, baseQuery, inPart } from './offerQuery';
import { matchCount, searchPage } from './offerSearch';
import { correctSearch } from './searchCorrection';

const UNFOLDING = new Set<number>([COMMON_FILTERS.price, COMMON_FILTERS.shop, COMMON_FILTERS.warranty]);
/** A filter by one of the products' own params: it may name a variant other than its group's card. */
const paramFiltered = (filters: Map<number, string>) => [...filters].some(([baseId, v]) => !UNFOLDING.has(baseId) && v.trim() !== '');

/** The list's offers (the category with everything below it, the filters) as a query; null for an unknown category. */
async function listScope(db: Db, dialect: Dialect, storeId: number, query: Omit<ListQuery, 'page' | 'sort'>) {
  // Filters are the base ids of the list's category path (see params.ts: a base id is unique on a path).
  const [tree, params] = await Promise.all([categoryTree(db, storeId), paramsInScope(db, storeId, query.categoryId)]);
  const node = query.categoryId && query.categoryId !== '0' ? tree.byId.get(query.categoryId) : null;
  if (node === undefined) return null;
  /** keyed: see baseQuery. */
  const scoped = (keyed = false) => {
    let q = baseQuery(db, storeId, query.includeHidden, keyed && dialect === 'sqlite');
    // One card a group (db/offerGroups.ts); a param filter (a size, a colour) finds the variants it names.
    if (!query.includeHidden && !paramFiltered(query.filters)) q = q.where(keyed && dialect === 'sqlite' ? sql<number>`+o.folded` : 'o.folded', '=', 0);
    if (node && !node.children.length) q = q.where('o.category_id', '=', node.id);
    else if (node) {
      // The category and everything below it: one range of the stored path (each order's index carries it).
      const [from, to] = categoryRange(categoryPath(tree, node.id));
      q = q.where('o.cat_path', '>=', from).where('o.cat_path', '<', to);
    }
    return applyFilters(q, storeId, query.filters, params, dialect);
  };
  return { tree, scoped };
}

/** Counted up to this many: the filter page's "Показать N товаров" says "1000+" beyond it. */
export const COUNT_CAP = 1000;

/**
 * How many live products a category (and those below it) has with these filters, up to COUNT_CAP (`more`:
 * there are more). Reads ids on the list's index, at most COUNT_CAP + 1 of them, whatever the shop's size
 * (a rare filter value walks the category's entries of that index, as the list's own page does).
 */
export async function countOffers(db: Db, dialect: Dialect, storeId: number, query: Omit<ListQuery, 'page' | 'sort'>): Promise<{ count: number; more: boolean }> {
  const scope = await listScope(db, dialect, storeId, query);
  if (!scope) return { count: 0, more: false };
  // In the list's default order: the plan of its first page (the order's index walked, no scan of the shop's rows).
  const rows = await applySort(scope.scoped(), 'default').select('o.id').limit(COUNT_CAP + 1).execute();
  return { count: Math.min(rows.length, COUNT_CAP), more: rows.length > COUNT_CAP };
}

/** A page of live products of a category (and the categories below it) or of a search, filtered and sorted. */
export async function listOffers(db: Db, dialect: Dialect, storeId: number, query: ListQuery): Promise<OfferCard[] & { next?: string; corrected?: string }> {
  const scope = await listScope(db, dialect, storeId, query);
  if (!scope) return [];
  const { tree, scoped } = scope;
  const q = scoped();
  const offset = (query.page - 1) * PAGE_SIZE;
  if (query.word !== undefined) {
    let terms = searchTerms(query.word);
    if (!terms.length) return [];
    // A query that finds nothing in the shop: its correction's results, saying what was searched instead.
    const corrected = (await matchCount(db, dialect, storeId, terms, false)) === 0 ? await correctSearch(db, dialect, storeId, query.word) : null;
    if (corrected) terms = searchTerms(corrected);
    const page = await searchPage(db, dialect, storeId, tree, scoped, query, terms, offset);
    return corrected ? Object.assign(page, { corrected }) : page;
  }
  if (query.after !== undefined) {
    // Keyset: the rows after the cursor's sort key, on the order's index, whatever changed before it.
    const cursor = listCursor(query.after, query.sort);
    const rows = await readPart(db, storeId, inPart(q, cursor.part).where(keyAfter(query.sort, cursor.key)), query.sort, 0, PAGE_SIZE);
    const page = cursor.part === 0 && rows.length < PAGE_SIZE ? await partsFrom(db, storeId, q, query.sort, 0, rows) : { rows, part: cursor.part };
    return withNext(page.rows.map((r) => offerCard(r, tree, storeId)), page.rows, query.sort, { list: page.part });
  }
  const page = await partsFrom(db, storeId, q, query.sort, offset);
  return withNext(page.rows.map((r) => offerCard(r, tree, storeId)), page.rows, query.sort, { list: page.part });
}

type PageRow = Awaited<ReturnType<typeof cardRowsByIds>>[number];

/** `limit` card rows of a part from `offset` on; a deep page skips rows on the index alone, then reads its own. */
async function readPart(db: Db, storeId: number, q: OfferQuery, sort: SortId, offset: number, limit: number): Promise<PageRow[]> {
  if (offset < DEFERRED_FROM) return applySort(q, sort).select(CARD_COLUMNS).select(KEY_COLUMNS).limit(limit).offset(offset).execute();
  const ids = (await applySort(q, sort).select('o.id').limit(limit).offset(offset).execute()).map((r) => r.id);
  return cardRowsByIds(db, storeId, ids);
}

/**
 * The page at `offset` of the whole list: the orderable offers, then the others (inPart). `first`: part 0's
 * rows already read at this offset. The second part is read only by a page that reaches it.
 */
async function partsFrom(db: Db, storeId: number, q: OfferQuery, sort: SortId, offset: number, first?: PageRow[]): Promise<{ rows: PageRow[]; part: 0 | 1 }> {
  const rows = first ?? (await readPart(db, storeId, inPart(q, 0), sort, offset, PAGE_SIZE));
  if (rows.length === PAGE_SIZE) return { rows, part: 0 };
  // Part 0 ends on this page: it held offset + rows.length offers, or (none shown) at most `offset`, counted on the index.
  const orderable = rows.length || first ? offset + rows.length : await countUpTo(db, inPart(q, 0), offset);
  const rest = await readPart(db, storeId, inPart(q, 1), sort, Math.max(0, offset - orderable), PAGE_SIZE - rows.length);
  return { rows: rows.concat(rest), part: rest.length ? 1 : 0 };
}

async function countUpTo(db: Db, q: OfferQuery, cap: number): Promise<number> {
  if (cap <= 0) return 0;
  const r = await db.selectFrom(q.select('o.id').limit(cap).as('x')).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}
