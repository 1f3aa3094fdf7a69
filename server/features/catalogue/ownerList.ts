import { sql } from 'kysely';
import { driverOf, type Dialect } from '../../db/database';
import type { Db } from '../../db/types';
import { badRequest } from '../../errors';
import { categoryPath, categoryRange } from '../../db/categoryPath';
import { categoryTree, descendants, ownerCategoryTree } from './categoryTree';
import { searchMatches } from './offerSearch';
import { searchTerms } from '../../lib/searchText';
import { stockAllows } from './stock';

/**
 * The owner's product list (the admin's /offers): every product of the store that is not deleted, hidden
 * ones too, with a total count, sortable columns and the filters the list offers. Not the shop's catalogue
 * reads (listOffers): no keyset pages or answer cache, an owner's screen asks for one page at a time.
 */
export const OWNER_STATUSES = ['visible', 'hidden', 'out_of_stock'] as const;
export type OwnerStatus = (typeof OWNER_STATUSES)[number];

export interface OwnerListQuery {
  q?: string;
  categoryId?: string;
  status?: OwnerStatus;
  sort: { field: string; order: 'asc' | 'desc' } | null;
  start: number;
  limit: number;
}

/** The stored `vendorCode` (the SKU of a feed) of the JSON document, as text on either database. */
const skuOf = (dialect: Dialect) => (dialect === 'postgres' ? sql<string | null>`(o.data::jsonb ->> 'vendorCode')` : sql<string | null>`json_extract(o.data, '$.vendorCode')`);

/** Columns the list sorts by (the api field of the column → what orders it); ties go by id. */
const SORTABLE = ['sort', 'id', 'name', 'price', 'stock', 'sku', 'active', 'created'] as const;
export const isSortable = (f: string): f is (typeof SORTABLE)[number] => (SORTABLE as readonly string[]).includes(f);

export interface OwnerRow {
  id: string;
  name: string;
  price: number;
  oldprice: number | null;
  currencyId: string;
  categoryId: string;
  picture: string | null;
  thumb: string | null;
  /** '1' shown in the shop, '0' hidden by the owner (or by an import). */
  active: '1' | '0';
  /** '1' hidden by the owner, which no import undoes; '0' otherwise (a hidden product's import hid it). */
  ownerHidden: '1' | '0';
  /** The owner's own flag ('0': not for sale), whatever the stock. */
  available: '1' | '0';
  /** Whether a customer can order it now: shown, for sale and in stock. */
  orderable: '1' | '0';
  /** Units left; null when not counted. */
  stock: number | null;
  sku: string | null;
  sort: number;
}

export async function ownerOffers(db: Db, dialect: Dialect, storeId: number, query: OwnerListQuery): Promise<{ rows: OwnerRow[]; total: number }> {
  let q = db.selectFrom('offers as o').where('o.store_id', '=', storeId).where('o.deleted', '=', 0);
  if (query.categoryId && query.categoryId !== '0') {
    // The owner's tree: a category hidden by an import still lists its products here.
    const [tree, visible] = await Promise.all([ownerCategoryTree(db, storeId), categoryTree(db, storeId)]);
    const node = tree.byId.get(query.categoryId);
    if (!node) return { rows: [], total: 0 };
    if (!node.children.length) q = q.where('o.category_id', '=', node.id);
    else {
      const [from, to] = categoryRange(categoryPath(visible, node.id));
      // The stored path is that of the visible tree; a product of a sub-category is found by its id too.
      q = q.where((eb) => eb.or([eb.and([eb('o.cat_path', '>=', from), eb('o.cat_path', '<', to)]), eb('o.category_id', 'in', descendants(tree, node.id))]));
    }
  }
  if (query.status === 'visible') q = q.where('o.active', '=', 1);
  else if (query.status === 'hidden') q = q.where('o.active', '=', 0);
  else if (query.status === 'out_of_stock') q = q.where((eb) => eb.or([eb('o.available', '=', 0), eb('o.stock', '<=', 0)]));
  const text = query.q?.trim().slice(0, 200) ?? '';
  if (text) {
    const terms = searchTerms(text);
    // A word of the name or description (the SKU and barcode are in the index too), or the product's exact id.
    q = q.where((eb) => eb.or([eb('o.id', '=', text), eb(skuOf(dialect), '=', text), ...(terms.length ? [eb('o.id', 'in', searchMatches(dialect, storeId, terms, false)(eb))] : [])]));
  }
  const sorted = orderOf(q, dialect, query.sort, () => foldedName(db, dialect));
  type Row = { id: string; name: string; price: number; oldprice: number | null; category_id: string; picture: string | null; thumb: string | null; active: number; owner_hidden: number; available: number; stock: number | null; sort: number; data: string; sku: string | null };
  const [rows, count] = await Promise.all([
    (sorted as typeof q)
      .select(['o.id', 'o.name', 'o.price', 'o.oldprice', 'o.category_id', 'o.picture', 'o.thumb', 'o.active', 'o.owner_hidden', 'o.available', 'o.stock', 'o.sort', 'o.data'])
      .select(skuOf(dialect).as('sku'))
      .limit(query.limit)
      .offset(query.start)
      .execute() as Promise<Row[]>,
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => {
      const data = JSON.parse(r.data) as Record<string, unknown>;
      const stock = r.stock === null || r.stock === undefined ? null : Number(r.stock);
      return {
        id: r.id,
        name: r.name,
        price: Number(r.price),
        oldprice: r.oldprice === null ? null : Number(r.oldprice),
        currencyId: String(data.currencyId ?? 'RUR'),
        categoryId: r.category_id,
        picture: r.picture,
        thumb: r.thumb,
        active: r.active ? '1' : '0',
        ownerHidden: r.owner_hidden ? '1' : '0',
        available: r.available ? '1' : '0',
        orderable: r.active && r.available && stockAllows(stock) ? '1' : '0',
        stock,
        sku: r.sku === null || r.sku === undefined ? null : String(r.sku),
        sort: Number(r.sort),
      };
    }),
  };
}

type Query = ReturnType<Db['selectFrom']> & any;

const withFold = new WeakSet<object>();
/**
 * A name in lower case for the name sort. SQLite's lower() folds ASCII only ('Квант' would sort after
 * 'зенит'), so on SQLite a function of ours does it with JavaScript's Unicode rules, registered once per
 * connection; PostgreSQL's lower() follows the database's collation.
 */
function foldedName(db: Db, dialect: Dialect) {
  if (dialect === 'postgres') return sql`lower(o.name)`;
  const sqlite = driverOf(db)?.sqlite;
  if (sqlite && !withFold.has(sqlite)) {
    sqlite.function('shop_fold', { deterministic: true }, (s: unknown) => (typeof s === 'string' ? s.toLowerCase() : s));
    withFold.add(sqlite);
  }
  return sqlite ? sql`shop_fold(o.name)` : sql`lower(o.name)`;
}

/** Nulls last whatever the direction (SQLite puts them first ascending, PostgreSQL last), then the value, then id. */
function orderOf(q: Query, dialect: Dialect, sort: OwnerListQuery['sort'], name: () => unknown): Query {
  const field = sort?.field ?? 'sort';
  const order = sort?.order ?? 'asc';
  if (!isSortable(field)) throw badRequest('invalid_input', `Cannot sort by ${field}`, ['sort']);
  const nullsLast = (expr: unknown) => q.orderBy(sql`case when ${expr} is null then 1 else 0 end`).orderBy(expr as never, order);
  switch (field) {
    case 'name':
      return q.orderBy(name() as never, order).orderBy('o.id', order);
    case 'price':
      return q.orderBy('o.price', order).orderBy('o.id', order);
    case 'stock':
      return nullsLast(sql.ref('o.stock')).orderBy('o.id', order);
    case 'sku':
      return nullsLast(skuOf(dialect)).orderBy('o.id', order);
    case 'active':
      return q.orderBy('o.active', order).orderBy('o.sort').orderBy('o.id');
    case 'created':
      return q.orderBy('o.created_at', order).orderBy('o.id', order);
    default:
      // 'sort' and react-admin's default 'id': the shop's own order.
      return q.orderBy('o.sort', order).orderBy('o.id', order);
  }
}
