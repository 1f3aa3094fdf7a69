import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The order's lines as rows, written with the order (placeOrder): the dashboard's top products group these
 * by product, reached from the period's orders (their `(store_id, date, status)` index) by this table's
 * primary key, instead of unnesting every order's JSON (12 months at 100 000 orders took 5 s that way). The order's JSON keeps its lines too (what the customer and the owner see).
 * Existing orders are copied here once.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  const real = pg ? 'double precision' : 'real';
  await sql
    .raw(
      `create table order_lines (${[
        'store_id integer not null',
        'order_id integer not null references orders(id)',
        'line_no integer not null',
        'offer_id text not null',
        'name text not null',
        `quantity ${real} not null`,
        `sum ${real} not null`,
        'primary key (order_id, line_no)',
      ].join(', ')})`,
    )
    .execute(db);
  await sql
    .raw(
      pg
        ? `insert into order_lines (store_id, order_id, line_no, offer_id, name, quantity, sum)
           select o.store_id, o.id, l.n - 1, l.v ->> 'id', coalesce(l.v ->> 'name', ''), coalesce((l.v ->> 'quantity')::double precision, 0),
                  coalesce((l.v ->> 'sum')::double precision, 0)
           from orders o cross join lateral jsonb_array_elements(o.data::jsonb -> 'products') with ordinality as l(v, n)
           where l.v ->> 'id' is not null`
        : `insert into order_lines (store_id, order_id, line_no, offer_id, name, quantity, sum)
           select o.store_id, o.id, cast(l.key as integer), json_extract(l.value, '$.id'), coalesce(json_extract(l.value, '$.name'), ''),
                  coalesce(json_extract(l.value, '$.quantity'), 0), coalesce(json_extract(l.value, '$.sum'), 0)
           from orders o, json_each(o.data, '$.products') l
           where json_extract(l.value, '$.id') is not null`,
    )
    .execute(db);
}
