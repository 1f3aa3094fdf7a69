import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Db } from '../../db/types';
import { localTime, safeTimeZone } from '../../../schemas/rules';
import type { Dashboard, Period, ProductsCount } from '../../../schemas/dashboard';

/** How many buckets the chart shows by default: 30 days, 12 weeks, 12 months. */
const DEFAULT_SPAN: Record<Period, number> = { day: 30, week: 12, month: 12 };

const round2 = (n: number) => Math.round(Number(n) * 100) / 100;

/** The ISO date `days` before `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The default first day of a period's chart ending today. */
export function defaultFrom(period: Period, today: string): string {
  if (period === 'day') return addDays(today, -(DEFAULT_SPAN.day - 1));
  if (period === 'week') return addDays(today, -(DEFAULT_SPAN.week * 7 - 1));
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - (DEFAULT_SPAN.month - 1));
  return d.toISOString().slice(0, 10);
}

/** The bucket of an order's `date` column (its day in the store's zone): the day, the week's Monday, the month. */
function bucketOf(dialect: Dialect, period: Period): RawBuilder<string> {
  if (period === 'day') return sql<string>`date`;
  if (period === 'month') return sql<string>`substr(date, 1, 7)`;
  return dialect === 'postgres' ? sql<string>`to_char(date_trunc('week', date::date), 'YYYY-MM-DD')` : sql<string>`date(date, 'weekday 0', '-6 days')`;
}

/** The order's `data` document field as text, on either database. */
const jsonText = (dialect: Dialect, key: string) => (dialect === 'postgres' ? sql<string | null>`(data::jsonb ->> ${sql.lit(key)})` : sql<string | null>`json_extract(data, ${sql.lit(`$.${key}`)})`);

const revenue = sql<number>`coalesce(sum(total + delivery_cost), 0)`;

/**
 * The owner's figures, all aggregated by the database over the (store_id, date, status) index: revenue and
 * orders per bucket, today's orders by status, the average basket, top products, promo use, delivery vs
 * pickup and by place. Cancelled orders count nowhere but in `cancelled` and today's statuses.
 */
export async function dashboard(db: Db, dialect: Dialect, storeId: number, timeZone: string, opts: { period?: Period; from?: string; to?: string; now?: Date } = {}): Promise<Dashboard> {
  const period = opts.period ?? 'day';
  const today = localTime(opts.now ?? new Date(), safeTimeZone(timeZone)).date;
  const to = opts.to ?? today;
  const from = opts.from ?? defaultFrom(period, to);
  const live = () => db.selectFrom('orders').where('store_id', '=', storeId).where('date', '>=', from).where('date', '<=', to).where('status', '<>', 'cancelled');

  const bucket = bucketOf(dialect, period);
  const [series, totals, cancelled, todayRows, receiving, places] = await Promise.all([
    live()
      .select([bucket.as('bucket'), sql<number>`count(*)`.as('orders'), revenue.as('revenue')])
      .groupBy(bucket as Expression<string>)
      .orderBy(bucket as Expression<string>)
      .execute(),
    live().select([sql<number>`count(*)`.as('orders'), revenue.as('revenue')]).executeTakeFirstOrThrow(),
    db.selectFrom('orders').select(sql<number>`count(*)`.as('n')).where('store_id', '=', storeId).where('date', '>=', from).where('date', '<=', to).where('status', '=', 'cancelled').executeTakeFirstOrThrow(),
    db.selectFrom('orders').select(['status', sql<number>`count(*)`.as('orders'), revenue.as('revenue')]).where('store_id', '=', storeId).where('date', '=', today).groupBy('status').execute(),
    live().select(['receiving', sql<number>`count(*)`.as('orders'), revenue.as('revenue')]).groupBy('receiving').orderBy('receiving').execute(),
    db
      .selectFrom('orders')
      .where('orders.store_id', '=', storeId)
      .where('orders.date', '>=', from)
      .where('orders.date', '<=', to)
      .where('orders.status', '<>', 'cancelled')
      .leftJoin('places', (j) => j.onRef('places.id', '=', 'orders.place_id').onRef('places.store_id', '=', 'orders.store_id'))
      .select(['orders.place_id as placeId', 'places.name as name', sql<number>`count(*)`.as('orders'), sql<number>`coalesce(sum(orders.total + orders.delivery_cost), 0)`.as('revenue')])
      .groupBy(['orders.place_id', 'places.name'])
      .orderBy(sql`count(*)`, 'desc')
      .execute(),
  ]);

  // Top products from the order_lines rows (written with the order): the period's orders by their index,
  // their lines by the lines' primary key, no JSON unnested (SQLite's CROSS JOIN keeps orders the outer loop;
  // without statistics it scanned every line first). Promo codes stay in the order's JSON.
  const topProducts = await sql<{ id: string; name: string; quantity: number; revenue: number }>`
    select l.offer_id as id, max(l.name) as name, sum(l.quantity) as quantity, sum(l.sum) as revenue
    from orders o cross join order_lines l
    where l.order_id = o.id and o.store_id = ${storeId} and o.date >= ${from} and o.date <= ${to} and o.status <> 'cancelled'
    group by l.offer_id order by quantity desc, revenue desc limit 10`.execute(db);

  const code = jsonText(dialect, 'promoCode');
  const promoRows = await live()
    .select([code.as('code'), sql<number>`count(*)`.as('orders'), sql<number>`coalesce(sum(${dialect === 'postgres' ? sql`(data::jsonb ->> 'discount')::numeric` : sql`json_extract(data, '$.discount')`}), 0)`.as('discount')])
    .where(code as Expression<string | null>, 'is not', null)
    .groupBy(code as Expression<string | null>)
    .orderBy(sql`count(*)`, 'desc')
    .execute();

  const orders = Number(totals.orders);
  const rev = round2(totals.revenue);
  const todayByStatus: Record<string, number> = {};
  let todayOrders = 0;
  let todayRevenue = 0;
  for (const r of todayRows) {
    todayByStatus[r.status] = Number(r.orders);
    if (r.status !== 'cancelled') {
      todayOrders += Number(r.orders);
      todayRevenue += Number(r.revenue);
    }
  }
  return {
    period,
    from,
    to,
    today,
    series: series.map((r) => ({ bucket: String(r.bucket), orders: Number(r.orders), revenue: round2(r.revenue) })),
    totals: { orders, revenue: rev, averageBasket: orders ? round2(rev / orders) : 0, cancelled: Number(cancelled.n) },
    todayByStatus,
    todayTotals: { orders: todayOrders, revenue: round2(todayRevenue) },
    topProducts: topProducts.rows.map((r) => ({ id: String(r.id), name: String(r.name), quantity: Number(r.quantity), revenue: round2(r.revenue) })),
    promo: promoRows.map((r) => ({ code: String(r.code), orders: Number(r.orders), discount: round2(r.discount) })),
    receiving: receiving.map((r) => ({ receiving: r.receiving, orders: Number(r.orders), revenue: round2(r.revenue) })),
    places: places.map((r) => ({ placeId: r.placeId, name: r.name, orders: Number(r.orders), revenue: round2(r.revenue) })),
  };
}

/**
 * The store's products (not deleted, hidden ones too, as the owner's list) counted up to `cap`: the database
 * stops after cap + 1 rows of the (store_id, deleted, …) index instead of counting every product.
 */
export async function productsUpTo(db: Db, storeId: number, cap: number): Promise<ProductsCount> {
  const first = db.selectFrom('offers').select(sql<number>`1`.as('one')).where('store_id', '=', storeId).where('deleted', '=', 0).limit(cap + 1);
  const row = await db
    .selectFrom(first.as('t'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  const n = Number(row?.n ?? 0);
  return { id: 'products', count: Math.min(n, cap), more: n > cap };
}
