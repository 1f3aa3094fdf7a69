/**
 * Multi-row INSERT statements for the import's hot path, written as SQL text once per (table, row count)
 * and run with their values as bound parameters: building them with Kysely's query builder cost more than
 * the database's own work on a feed of a million offers. Same text on SQLite and PostgreSQL, only the
 * placeholders differ (? or $n).
 */
import { CompiledQuery } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Executor } from '../../../db/types';

/** Bound values per statement: under SQLite's 32 766 and PostgreSQL's 65 535. */
export const MAX_BOUND = 30_000;

const texts = new Map<string, string>();

function statement(dialect: Dialect, head: string, width: number, rows: number, tail: string): string {
  const key = `${dialect}\u0000${head}\u0000${rows}\u0000${tail}`;
  let text = texts.get(key);
  if (text) return text;
  const parts: string[] = [];
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < width; c++) row.push(dialect === 'postgres' ? `$${++n}` : '?');
    parts.push(`(${row.join(',')})`);
  }
  text = `${head} values ${parts.join(',')}${tail ? ` ${tail}` : ''}`;
  if (texts.size > 200) texts.clear();
  texts.set(key, text);
  return text;
}

/**
 * `on conflict (<key>) do update set c = excluded.c` for every column but the key's and `keep`'s; `set` gives
 * some columns an expression of their own.
 */
export function upsertTail(key: readonly string[], columns: readonly string[], opts: { keep?: readonly string[]; set?: Record<string, string> } = {}): string {
  const updated = columns.filter((c) => !key.includes(c) && !opts.keep?.includes(c));
  return `on conflict (${key.join(', ')}) do update set ${updated.map((c) => `${c} = ${opts.set?.[c] ?? `excluded.${c}`}`).join(', ')}`;
}

/**
 * Inserts rows (arrays in `columns` order) into `table`, as many statements as the bound-value limit needs;
 * `tail` is appended to each (an ON CONFLICT clause).
 */
export async function insertRows(db: Executor, dialect: Dialect, table: string, columns: readonly string[], rows: unknown[][], tail = ''): Promise<void> {
  const flat: unknown[] = [];
  for (const r of rows) for (const v of r) flat.push(v);
  await insertFlat(db, dialect, table, columns, flat, tail);
}

/**
 * PostgreSQL types of the columns the import writes in bulk. There a batch goes as one array per column
 * (`select * from unnest($1::integer[], …)`): a statement PostgreSQL parses at once, where a VALUES list of
 * thousands of parameters cost it more to parse and plan than the rows cost to insert (200 000 offer_params
 * rows: 1.9–2.7 s instead of 2.7–3.6 s, and half the driver's CPU).
 */
const PG_TYPES: Record<string, string> = {
  store_id: 'integer', id: 'text', type: 'text', name: 'text', vendor: 'text', price: 'float8', oldprice: 'float8',
  category_id: 'text', available: 'integer', active: 'integer', deleted: 'integer', picture: 'text', thumb: 'text',
  sort: 'integer', stock: 'integer', created_at: 'text', updated_at: 'text', data: 'text', cat_path: 'text',
  feed_hash: 'text', group_id: 'text', offer_id: 'text', text: 'text', base_id: 'integer', value: 'text', num: 'float8', param_id: 'integer',
};

/** insertRows of rows laid end to end: `values` holds `columns.length` values per row. */
export async function insertFlat(db: Executor, dialect: Dialect, table: string, columns: readonly string[], values: unknown[], tail = ''): Promise<void> {
  const width = columns.length;
  const per = Math.max(1, Math.floor(MAX_BOUND / width)) * width;
  const head = `insert into ${table} (${columns.join(',')})`;
  const arrays = dialect === 'postgres' && columns.every((c) => c in PG_TYPES);
  for (let i = 0; i < values.length; i += per) {
    const params = i === 0 && values.length <= per ? values : values.slice(i, i + per);
    if (arrays) {
      const rows = params.length / width;
      const cols: unknown[][] = columns.map(() => new Array(rows));
      for (let r = 0, k = 0; r < rows; r++) for (let c = 0; c < width; c++) cols[c][r] = params[k++];
      const text = `${head} select * from unnest(${columns.map((c, n) => `$${n + 1}::${PG_TYPES[c]}[]`).join(', ')})${tail ? ` ${tail}` : ''}`;
      await db.executeQuery(CompiledQuery.raw(text, cols));
    } else await db.executeQuery(CompiledQuery.raw(statement(dialect, head, width, params.length / width, tail), params));
  }
}

/**
 * Kept offers of a re-import whose feed position changed: their new sort and stamp (and `show`: active 1,
 * for offers hidden before) in one UPDATE ... FROM a VALUES list per statement (SQLite 3.33+ and PostgreSQL
 * both take it), not one per offer.
 */
export async function updateSorts(db: Executor, dialect: Dialect, storeId: number, rows: [id: string, sort: number][], stamp: string, show: boolean): Promise<void> {
  const per = Math.floor((MAX_BOUND - 2) / 2);
  for (let i = 0; i < rows.length; i += per) {
    const slice = rows.slice(i, i + per);
    let n = 2;
    const p = () => (dialect === 'postgres' ? `$${++n}` : '?');
    const values = slice.map(() => `(${p()}, cast(${p()} as integer))`).join(',');
    const [s, t] = dialect === 'postgres' ? ['$1', '$2'] : ['?', '?'];
    const text =
      `with v(id, sort) as (values ${values}) ` +
      `update offers set sort = v.sort, updated_at = ${t}${show ? ', active = 1' : ''} from v where offers.store_id = ${s} and offers.id = v.id`;
    // SQLite binds ? in text order (the VALUES first), PostgreSQL by number.
    const params = dialect === 'postgres' ? [storeId, stamp, ...slice.flat()] : [...slice.flat(), stamp, storeId];
    await db.executeQuery(CompiledQuery.raw(text, params));
  }
}
