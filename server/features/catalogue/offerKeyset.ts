/** Pages of a list: 20 cards, and the keyset cursor (`next`/`after`) that takes a deep page straight to its rows. */
import { sql, type SqlBool } from 'kysely';
import { type SortId } from '../../../schemas';
import type { Db } from '../../db/types';
import { DISCOUNT_EXPRESSION } from '../../db/migrations/2026112104_discount_sort';
import { badRequest } from '../../errors';
import { CARD_COLUMNS } from './offerCards';

export const PAGE_SIZE = 20;

/** What a keyset cursor holds: the sort key of a row (the discount as the database computes it). */
export const KEY_COLUMNS = ['o.sort', 'o.created_at', sql.raw<number | string>(DISCOUNT_EXPRESSION).as('discount_key')] as const;
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

/** A search's parts, in their order: what can be ordered (name hits, then the others), then what cannot (the same two). */
export type SearchPart = 0 | 1 | 2 | 3;
export const SEARCH_PARTS: readonly SearchPart[] = [0, 1, 2, 3];
/** Part 1 and 3 hold the offers matching outside their name fields; 2 and 3 those that cannot be ordered. */
export const searchPartOf = (p: SearchPart) => ({ nameHits: p % 2 === 0, orderable: (p < 2 ? 0 : 1) as 0 | 1 });

export const lastPartOf = (rows: object[]): SearchPart => Number((rows.at(-1) as { part?: number } | undefined)?.part ?? 0) as SearchPart;

/** Which part of a list or search a row is in: a list's orderable offers (0) and the others (1); a search's SearchPart. */
export type Part = { list: 0 | 1 } | { search: SearchPart };

/**
 * A full page gets `next`: the cursor of its last row, base64url JSON of the sort and its key; a list's second
 * part (the offers that cannot be ordered) starts with "unavailable", a search's with "search" and the part
 * of the last row.
 */
export function withNext<T>(cards: T[], rows: KeyRow[], sort: SortId, part: Part = { list: 0 }): T[] & { next?: string } {
  const out = cards as T[] & { next?: string };
  if (rows.length === PAGE_SIZE) {
    const key = keyOf(rows[rows.length - 1], sort);
    const head = 'search' in part ? ['search', sort, part.search] : part.list ? ['unavailable', sort] : [sort];
    out.next = Buffer.from(JSON.stringify([...head, ...key])).toString('base64url');
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

/** The part and sort key in a category list's cursor (a cursor of another sort, or a search's, is a 400). */
export function listCursor(cursor: string, sort: SortId): { part: 0 | 1; key: (string | number)[] } {
  const key = decodeCursor(cursor);
  const part = key[0] === 'unavailable' ? 1 : 0;
  const rest = key.slice(part);
  if (rest.length !== 1 + keyLength(sort) || rest[0] !== sort || !rest.slice(1).every(isScalar)) throw badCursor();
  return { part, key: rest.slice(1) as (string | number)[] };
}

/** The part and sort key in a search's cursor. */
export function searchCursor(cursor: string, sort: SortId): { part: SearchPart; key: (string | number)[] } {
  const key = decodeCursor(cursor);
  if (key.length !== 3 + keyLength(sort) || key[0] !== 'search' || key[1] !== sort || !SEARCH_PARTS.includes(key[2] as SearchPart) || !key.slice(3).every(isScalar)) throw badCursor();
  return { part: key[2] as SearchPart, key: key.slice(3) as (string | number)[] };
}

/** The rows after a cursor's key in the sort's order (row values, so each order's index seeks to it). */
export function keyAfter(sort: SortId, [a, b, c]: (string | number)[]) {
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
export async function cardRowsByIds(db: Db, storeId: number, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db.selectFrom('offers as o').select(CARD_COLUMNS).select(KEY_COLUMNS).where('o.store_id', '=', storeId).where('o.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
