/**
 * Query plans for the plan tests (plans.server.test.ts): a captured query EXPLAINed on its own database, and
 * each read of a table in its plan described the same way on SQLite (EXPLAIN QUERY PLAN's text) and on
 * PostgreSQL (EXPLAIN (FORMAT JSON)): the table, the index, which of the index's leading columns the query
 * binds (its search range), and whether it sorts rows a query read.
 */
import { CompiledQuery } from 'kysely';
import type { Database } from '../db/database';

/** The tables that grow with the catalogue: a read of all of a store's rows there is what a plan test refuses. */
export const BULK_TABLES = new Set(['offers', 'offer_params', 'offer_search']);
/**
 * Columns that split a store's rows into a few big parts only: an index searched by these alone reads a share
 * of the whole store (every live offer; every offer's value of one param).
 */
const STORE_COLUMNS = new Set(['store_id', 'deleted', 'active', 'base_id']);

export interface Access {
  table: string;
  /** Null: the table itself (a full scan). */
  index: string | null;
  /** The index's leading columns the query binds (equality, then at most one range), in index order. */
  bound: string[];
  /** Reads every row of the table or index (no search range at all). */
  scan: boolean;
}

export interface Plan {
  sql: string;
  /** Stops after a number of rows (LIMIT in its outermost query). */
  limited: boolean;
  lines: string[];
  accesses: Access[];
  /** Sorts rows it read (a temp B-tree for ORDER BY, a Sort node). */
  sorts: boolean;
}

/** Whether the access reads all of a store's rows of a bulk table (a scan, or an index searched by the store alone). */
export const perStore = (a: Access) => BULK_TABLES.has(a.table) && (a.scan || a.bound.every((c) => STORE_COLUMNS.has(c)));

/** `from "offers" as "o"`: alias → table, for SQLite's plan lines that name the alias. */
function aliases(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/\b(?:from|join)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi)) {
    out.set(m[1], m[1]);
    if (m[2] && !/^(where|on|inner|left|join|order|group|limit|cross|natural|using|union|as)$/i.test(m[2])) out.set(m[2], m[1]);
  }
  return out;
}

const indexColumnsCache = new WeakMap<object, Promise<Map<string, { table: string; columns: string[] }>>>();

/** PostgreSQL's indexes of the current schema: table and columns (an expression column as its text). */
function pgIndexes(database: Database) {
  let p = indexColumnsCache.get(database);
  if (!p) {
    p = database.db
      .executeQuery<{ name: string; table: string; columns: string[] }>(
        CompiledQuery.raw(`select i.relname as name, t.relname as "table",
            array(select pg_get_indexdef(x.indexrelid, k, true) from generate_series(1, x.indnatts) as k order by k) as columns
          from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
          where t.relnamespace = current_schema()::regnamespace`),
      )
      .then((r) => new Map(r.rows.map((row) => [row.name, { table: row.table, columns: row.columns }])));
    indexColumnsCache.set(database, p);
  }
  return p;
}

export async function explain(database: Database, query: CompiledQuery): Promise<Plan> {
  if (database.dialect === 'postgres') return explainPg(database, query);
  const rows = (await database.db.executeQuery<{ id: number; parent: number; detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]))).rows;
  const names = aliases(query.sql);
  const depth = new Map<number, number>([[0, 0]]);
  const lines: string[] = [];
  const accesses: Access[] = [];
  let sorts = false;
  for (const r of rows) {
    depth.set(r.id, (depth.get(r.parent) ?? 0) + 1);
    lines.push(`${'  '.repeat(depth.get(r.id)! - 1)}${r.detail}`);
    if (/^USE TEMP B-TREE FOR ORDER BY/.test(r.detail)) sorts = true;
    const m = /^(SCAN|SEARCH) (\S+)(?: AS \S+)?(.*)$/.exec(r.detail);
    if (!m || / VIRTUAL TABLE /.test(r.detail) || /^(SCAN|SEARCH) (CONSTANT ROW|SUBQUERY|LIST SUBQUERY)/.test(r.detail)) continue;
    const table = names.get(m[2]) ?? m[2];
    const using = /USING (?:COVERING )?(?:INDEX (\S+)|(INTEGER PRIMARY KEY|PRIMARY KEY))(?: \((.*)\))?/.exec(m[3]);
    const bound = m[1] === 'SEARCH' && using?.[3] ? using[3].split(' AND ').map((c) => c.replace(/[=<>].*$/, '')) : [];
    accesses.push({ table, index: using ? (using[1] ?? using[2]) : null, bound, scan: m[1] === 'SCAN' });
  }
  return { sql: query.sql, limited: limited(query.sql), lines, accesses, sorts };
}

/** A LIMIT outside any parenthesis: the query stops after its rows. */
function limited(text: string): boolean {
  let depth = 0;
  let outer = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0) outer += ch;
  }
  return /\blimit\b/i.test(outer);
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  Plans?: PgNode[];
}

async function explainPg(database: Database, query: CompiledQuery): Promise<Plan> {
  const indexes = await pgIndexes(database);
  const rows = (await database.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]))).rows;
  const lines: string[] = [];
  const accesses: Access[] = [];
  let sorts = false;
  const walk = (n: PgNode, depth: number) => {
    const index = n['Index Name'];
    const table = n['Relation Name'] ?? (index ? indexes.get(index)?.table : undefined);
    lines.push(`${'  '.repeat(depth)}${n['Node Type']}${table ? ` on ${table}` : ''}${index ? ` using ${index}` : ''}${n['Index Cond'] ? ` (${n['Index Cond']})` : ''}${n.Filter ? ` filter ${n.Filter}` : ''}`);
    if (n['Node Type'] === 'Sort') sorts = true;
    if (n['Node Type'] === 'Seq Scan' && table) accesses.push({ table, index: null, bound: [], scan: true });
    else if (index && table && n['Node Type'] !== 'Bitmap Heap Scan') {
      const cond = n['Index Cond'] ?? '';
      const bound: string[] = [];
      for (const column of indexes.get(index)?.columns ?? []) {
        const c = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (new RegExp(`\\(${c} = (?!ANY)`).test(cond)) bound.push(column);
        else {
          if (new RegExp(`\\(${c} (>=|<=|>|<|@@|= ANY)`).test(cond)) bound.push(column);
          break;
        }
      }
      accesses.push({ table, index, bound, scan: !cond });
    }
    for (const child of n.Plans ?? []) walk(child, depth + 1);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan, 0);
  return { sql: query.sql, limited: limited(query.sql), lines, accesses, sorts };
}

/** A plan as text for a failure message. */
export const showPlan = (p: Plan) => `${p.sql}\n${p.lines.map((l) => `    ${l}`).join('\n')}`;
