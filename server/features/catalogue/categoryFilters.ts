import { sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Executor } from '../../db/types';
import type { ParamInfo } from './params';

/** What the live products of one category (and of the categories below it) use of its filters. */
export interface CategoryUse {
  /** The base ids of the params its products have a value of. */
  present: Set<number>;
  /** Select params: the value ids its products have, by base id. */
  values: Map<number, Set<string>>;
  /** Params with numbers: the lowest and the highest of its products, by base id. */
  ranges: Map<number, { min: number; max: number }>;
  /** The cheapest and the dearest of its products; null when it has none. */
  price: { min: number; max: number } | null;
}

/**
 * A shopper's filters of a category offer only what its products have: a feed's params are shop-wide (a YML
 * `<param>` names no category), so without this a tie would offer 'Носитель' with every value of the shop,
 * and a price range from the cheapest product of the shop to its dearest.
 *
 * One pass over the category's live products and their params, grouped by base id and value (a number
 * param's values into one range): the cost follows the category's size, not the shop's. The caller caches
 * the answer per catalogue version.
 */
export async function usedInCategory(db: Executor, dialect: Dialect, storeId: number, categoryIds: string[], params: ParamInfo[]): Promise<CategoryUse> {
  const out: CategoryUse = { present: new Set(), values: new Map(), ranges: new Map(), price: null };
  const live = (q: any) => q.where('o.store_id', '=', storeId).where('o.category_id', 'in', categoryIds).where('o.deleted', '=', 0).where('o.active', '=', 1);
  const custom = params.filter((p) => p.id);
  const select = custom.filter((p) => p.kind === 'select').map((p) => p.baseId);
  // `+ 0`: PostgreSQL would take a min or a max as the first entry of the shop's price index, walking it
  // through other categories' products; the category's own index entries are what is wanted.
  const price = live(db.selectFrom('offers as o'))
    .select((eb: any) => [eb.fn.min(sql`o.price + 0`).as('min'), eb.fn.max(sql`o.price + 0`).as('max')])
    .executeTakeFirst() as Promise<{ min: number | null; max: number | null } | undefined>;
  const bases = custom.map((p) => p.baseId);
  // Only a select's values are wanted: the other kinds' values are one group each ('', with a number's range).
  const value = select.length ? sql<string>`case when op.base_id in (${sql.join(select)}) then op.value else '' end` : sql<string>`''`;
  // The category's products first, then each one's params by the primary key. Joined by ON, SQLite went from
  // the params' value index through every product of the shop that has one, and PostgreSQL hashed all the
  // shop's params: SQLite keeps a cross join's order; PostgreSQL keeps a lateral subquery that has an OFFSET.
  const pairs =
    dialect === 'postgres'
      ? db.selectFrom('offers as o').crossJoinLateral((eb) =>
          eb
            .selectFrom('offer_params as p')
            .select(['p.base_id', 'p.value', 'p.num'])
            .whereRef('p.store_id', '=', 'o.store_id')
            .whereRef('p.offer_id', '=', 'o.id')
            .where('p.base_id', 'in', bases)
            .offset(0)
            .as('op'),
        )
      : db.selectFrom('offers as o').crossJoin('offer_params as op').whereRef('op.store_id', '=', 'o.store_id').whereRef('op.offer_id', '=', 'o.id').where('op.base_id', 'in', bases);
  const used = bases.length
    ? (live(pairs)
        .select((eb: any) => ['op.base_id', value.as('v'), eb.fn.min('op.num').as('min'), eb.fn.max('op.num').as('max')])
        .groupBy(['op.base_id', 'v'])
        .execute() as Promise<{ base_id: number; v: string; min: number | null; max: number | null }[]>)
    : Promise.resolve([]);
  const [p, rows] = await Promise.all([price, used]);
  if (p && p.min !== null && p.max !== null) out.price = { min: Number(p.min), max: Number(p.max) };
  const isSelect = new Set(select);
  for (const r of rows) {
    const base = Number(r.base_id);
    out.present.add(base);
    if (isSelect.has(base)) {
      let set = out.values.get(base);
      if (!set) out.values.set(base, (set = new Set()));
      set.add(r.v);
    } else if (r.min !== null) out.ranges.set(base, { min: Number(r.min), max: Number(r.max) });
  }
  return out;
}
