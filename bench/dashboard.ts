/**
 * `npx tsx bench/dashboard.ts`: the dashboard's SQL aggregates on a shop with BENCH_ORDERS (100 000) orders
 * over a year in a scratch SQLite database (DATABASE_URL: on PostgreSQL instead, in a fresh schema you
 * give by its search_path). Prints the time of each period's figures and of a one-day order export query; it
 * never fails on numbers.
 */
import type { Insertable } from 'kysely';
import type { OrdersTable } from '../server/db/types';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { createStore } from '../server/features/stores/stores';
import { addDays, dashboard } from '../server/features/dashboard/dashboard';

const N = Number(process.env.BENCH_ORDERS ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dash-'));
const database = openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir });
const { db, dialect } = database;
await migrate(db, dialect);
const storeId = await createStore(db, { name: 'Bench', domain: 'bench.local' });
const today = new Date().toISOString().slice(0, 10);
const statuses = ['new', 'accepted', 'preparing', 'delivering', 'done', 'done', 'done', 'cancelled'];
let t = performance.now();
for (let start = 0; start < N; start += 1000) {
  await db.transaction().execute(async (tx) => {
    const rows: Insertable<OrdersTable>[] = [];
    for (let i = start; i < Math.min(N, start + 1000); i++) {
      const products = Array.from({ length: 1 + (i % 4) }, (_, k) => ({ id: String(1000 + ((i * 7 + k * 13) % 300)), name: `Товар ${(i * 7 + k * 13) % 300}`, price: 100 + k, quantity: 1 + (k % 3), sum: (100 + k) * (1 + (k % 3)) }));
      const total = products.reduce((s, p) => s + p.sum, 0);
      rows.push({
        store_id: storeId,
        number: i + 1,
        user_id: null,
        device_id: null,
        idempotency_key: `k${i}`,
        status: statuses[i % statuses.length],
        payment: 'cash',
        payment_status: 'none',
        receiving: i % 3 ? 'delivery' : 'pickup',
        place_id: null,
        total,
        delivery_cost: i % 3 ? 200 : 0,
        date: addDays(today, -(i % 365)),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        data: JSON.stringify({ products, promoCode: i % 10 ? null : 'SALE10', discount: i % 10 ? 0 : 50 }),
      });
    }
    const ids = await tx.insertInto('orders').values(rows).returning('id').execute();
    // The lines as placeOrder writes them (order_lines, for the top products).
    const lines = ids.flatMap(({ id }, k) =>
      (JSON.parse(rows[k].data).products as { id: string; name: string; quantity: number; sum: number }[]).map((p, n) => ({ store_id: storeId, order_id: id, line_no: n, offer_id: p.id, name: p.name, quantity: p.quantity, sum: p.sum })),
    );
    for (let i = 0; i < lines.length; i += 500) await tx.insertInto('order_lines').values(lines.slice(i, i + 500)).execute();
  });
}
console.log(`${N} orders written in ${Math.round(performance.now() - t)} ms (${dialect})`);
for (const period of ['day', 'week', 'month'] as const) {
  for (let run = 0; run < 3; run++) {
    t = performance.now();
    const d = await dashboard(db, dialect, storeId, 'UTC', { period });
    const ms = performance.now() - t;
    if (run === 2) console.log(`dashboard ${period}: ${ms.toFixed(1)} ms (${d.totals.orders} orders in ${d.series.length} buckets, top product ${d.topProducts[0]?.name})`);
  }
}
// The top products as they were read before order_lines (unnesting each order's JSON), over the same 12 months.
{
  const { sql } = await import('kysely');
  const from = addDays(today, -364);
  const t0 = performance.now();
  if (dialect === 'postgres')
    await sql`select l ->> 'id' as id, sum((l ->> 'quantity')::numeric) as quantity from orders o cross join lateral jsonb_array_elements(o.data::jsonb -> 'products') l
      where o.store_id = ${storeId} and o.date >= ${from} and o.status <> 'cancelled' group by l ->> 'id' order by quantity desc limit 10`.execute(db);
  else
    await sql`select json_extract(l.value, '$.id') as id, sum(json_extract(l.value, '$.quantity')) as quantity from orders o, json_each(o.data, '$.products') l
      where o.store_id = ${storeId} and o.date >= ${from} and o.status <> 'cancelled' group by 1 order by quantity desc limit 10`.execute(db);
  const json = performance.now() - t0;
  const t1 = performance.now();
  await sql`select l.offer_id, sum(l.quantity) as quantity from orders o cross join order_lines l
    where l.order_id = o.id and o.store_id = ${storeId} and o.date >= ${from} and o.status <> 'cancelled' group by l.offer_id order by quantity desc limit 10`.execute(db);
  const rows = performance.now() - t1;
  console.log(`top products over 12 months: JSON unnesting ${json.toFixed(1)} ms, order_lines ${rows.toFixed(1)} ms (${(json / rows).toFixed(1)}× faster)`);
}
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
