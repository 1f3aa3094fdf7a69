/** The query of a product list: the shop's live offers, the filters of the request, the sort. */
import { sql, type Expression, type SqlBool } from 'kysely';
import { COMMON_FILTERS, REGISTRY, type SortId, SORTS } from '../../../schemas';
import type { Db } from '../../db/types';
import type { Dialect } from '../../db/database';
import { DISCOUNT_EXPRESSION } from '../../db/migrations/2026112104_discount_sort';
import { badRequest } from '../../errors';
import { type ParamInfo } from './params';

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
  /** A search's rows wanted when fewer than a page will be shown (suggestions); such a page has no `next`. */
  limit?: number;
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
export const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s.replace(',', '.')));

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

export type OfferQuery = ReturnType<typeof baseQuery>;
/**
 * Live offers of a store. `keyed` (SQLite, a query driven by a set of ids): the flags as expressions, which no
 * list order's index (store_id, deleted, active, …) can serve, so SQLite reads the set by the primary key even
 * without statistics instead of walking the shop's order (plans.server.test.ts).
 */
export const baseQuery = (db: Db, storeId: number, includeHidden = false, keyed = false) => {
  const flag = (column: 'deleted' | 'active') => (keyed ? sql<number>`+o.${sql.raw(column)}` : (`o.${column}` as const));
  const q = db.selectFrom('offers as o').where('o.store_id', '=', storeId).where(flag('deleted'), '=', 0);
  return includeHidden ? q : q.where(flag('active'), '=', 1);
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

export function applyFilters(q: OfferQuery, storeId: number, filters: Map<number, string>, params: Map<number, ParamInfo>, dialect: Dialect): OfferQuery {
  // SQLite's '+' keeps the number's range index out of a probe; PostgreSQL plans by its statistics.
  const num = dialect === 'sqlite' ? sql<number>`+op.num` : sql<number>`op.num`;
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
        // "+": the number is checked on the offer's own row (the primary key probe), never searched by the
        // range index, which SQLite without statistics preferred: every offer in range read per offer walked.
        q = has((eb) => eb.and([...(from !== null ? [eb(num, '>=', from)] : []), ...(to !== null ? [eb(num, '<=', to)] : [])]));
        break;
      }
      default:
        q = has((eb) => eb('op.value', '=', value));
    }
  }
  return q;
}

/**
 * A list's parts in their order: the offers a shopper can order (available, a counted stock above 0), then
 * the others. Both read the list order's index alone, which carries `available` and `stock` last
 * (migration 2026112940), so a page walks its order once per part instead of sorting the category.
 */
export const ORDERABLE = sql<SqlBool>`(o.available = 1 and (o.stock is null or o.stock > 0))`;
export const inPart = (q: OfferQuery, part: 0 | 1): OfferQuery => q.where(part === 0 ? ORDERABLE : sql<SqlBool>`not ${ORDERABLE}`);

export function applySort(q: OfferQuery, sort: SortId): OfferQuery {
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

/** From this offset on, a page is read as ids first (skipping wide rows costs more than a second query). */
export const DEFERRED_FROM = 200;
