import type { FastifyInstance } from 'fastify';
import { fromRow, toApiObject, toRow, type EntitySchema } from '../../schemas';
import type { AppServices } from '../api/context';
import type { Db, Store } from '../db/types';
import { conflict, notFound } from '../errors';
import { bodyOf, checkWrite, idFilter, idParam, isUniqueViolation, ownerCall, parseListQuery, requireOwner, restCall, sendList, sortColumn, type RestCall } from './common';

type Row = Record<string, unknown> & { id: number; data: string };
/** The most rows a text search looks through. */
const SEARCH_LIMIT = 5000;
// Kysely's builders over a table chosen at run time: typed loosely here, the definitions name real tables.
type AnyQuery = any;

/**
 * A store-scoped resource kept as a row with a few indexed columns and a JSON `data` document, driven by
 * its schema: validation, storage (`toRow`) and the API shape (`toApiObject`) all come from the fields.
 */
export interface CrudResource {
  /** The path segment and the Content-Range name. */
  resource: string;
  table: 'places' | 'promo_codes' | 'ingredients' | 'item_ingredients';
  schema: EntitySchema;
  /** Anyone may read (shop information); otherwise the owner only. Writes are always the owner's. */
  publicRead: boolean;
  /** API field → column for `sort=[field, order]`. */
  sortable: Record<string, string>;
  defaultSort: string;
  /** Filters besides `id` (getMany) and `q`: the resource's own. */
  filter?: (q: AnyQuery, filter: Record<string, unknown>) => AnyQuery;
  /**
   * The text `filter={"q": ...}` searches, case-insensitively in any script (SQLite's LIKE folds ASCII
   * only, so the match runs here, over the store's rows of this small resource).
   */
  searchText?: (row: Row) => string;
  /** Adjusts the body before validation (e.g. uppercasing a code). */
  normalize?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Cross-field and cross-table checks of the merged values (after validation). */
  check?: (values: Record<string, unknown>, ctx: { db: Db; store: Store; id: number | null }) => Promise<void>;
  /** Columns the schema does not declare (e.g. a place's sort), from the body. */
  extraColumns?: (body: Record<string, unknown>, existing: Row | null) => Record<string, unknown>;
  /** The API object of a row (defaults to the schema's fields plus id). */
  toApi?: (row: Row) => Record<string, unknown>;
  /** Adds data from other tables to a page of API objects. */
  enrich?: (db: Db, store: Store, items: Record<string, unknown>[]) => Promise<void>;
  /** Runs before a delete (e.g. removing dependent rows). */
  beforeDelete?: (db: Db, store: Store, id: number) => Promise<void>;
}

export function registerCrud(rest: FastifyInstance, services: AppServices, def: CrudResource) {
  const db = services.db as AnyQuery;
  const base = `/${def.resource}`;
  const toApi = def.toApi ?? ((row: Row) => ({ ...toApiObject(def.schema, fromRow(def.schema, row)), id: row.id }));
  const canRead = (call: RestCall) => (def.publicRead ? null : requireOwner(call));
  const one = (store: Store, id: number): Promise<Row | undefined> => db.selectFrom(def.table).selectAll().where('store_id', '=', store.id).where('id', '=', id).executeTakeFirst();
  const present = async (store: Store, rows: Row[]) => {
    const items = rows.map(toApi);
    if (def.enrich) await def.enrich(services.db, store, items);
    return items;
  };

  rest.get(base, async (request, reply) => {
    const call = await restCall(services, request);
    canRead(call);
    const q = parseListQuery(request.query);
    const { column, order } = sortColumn(q, def.sortable, def.defaultSort);
    const scoped = (b: AnyQuery) => {
      let x = b.where('store_id', '=', call.store.id);
      const ids = idFilter(q.filter);
      if (ids) x = ids.length ? x.where('id', 'in', ids) : x.where('id', '=', -1);
      if (def.filter) x = def.filter(x, q.filter);
      return x;
    };
    const text = typeof q.filter.q === 'string' ? q.filter.q.trim().toLocaleLowerCase().slice(0, 100) : '';
    if (text && def.searchText) {
      const all: Row[] = await scoped(db.selectFrom(def.table).selectAll()).orderBy(column, order).orderBy('id', order).limit(SEARCH_LIMIT).execute();
      const hits = all.filter((r) => def.searchText!(r).toLocaleLowerCase().includes(text));
      return sendList(reply, def.resource, q, await present(call.store, hits.slice(q.start, q.start + q.limit)), hits.length);
    }
    const [rows, count] = await Promise.all([
      scoped(db.selectFrom(def.table).selectAll()).orderBy(column, order).orderBy('id', order).limit(q.limit).offset(q.start).execute(),
      scoped(db.selectFrom(def.table).select((eb: AnyQuery) => eb.fn.countAll().as('n'))).executeTakeFirst(),
    ]);
    return sendList(reply, def.resource, q, await present(call.store, rows), Number(count?.n ?? 0));
  });

  rest.get(`${base}/:id`, async (request) => {
    const call = await restCall(services, request);
    canRead(call);
    const row = await one(call.store, idParam(request));
    if (!row) throw notFound();
    return (await present(call.store, [row]))[0];
  });

  const write = async (call: RestCall, id: number | null, rawBody: Record<string, unknown>) => {
    const body = def.normalize ? def.normalize(rawBody) : rawBody;
    const existing = id === null ? null : ((await one(call.store, id)) ?? null);
    if (id !== null && !existing) throw notFound();
    const values = checkWrite(def.schema.fields, body, { partial: id !== null });
    const merged = existing ? { ...fromRow(def.schema, existing), ...values } : values;
    if (def.check) await def.check(merged, { db: services.db, store: call.store, id });
    const { columns, data } = toRow(def.schema, merged);
    delete columns.id;
    const row = {
      ...columns,
      ...(def.extraColumns ? def.extraColumns(body, existing) : {}),
      data: JSON.stringify({ ...(existing ? JSON.parse(existing.data) : {}), ...data }),
    };
    try {
      if (id === null) {
        const r = await db.insertInto(def.table).values({ ...row, store_id: call.store.id }).returning('id').executeTakeFirstOrThrow();
        return r.id as number;
      }
      await db.updateTable(def.table).set(row).where('store_id', '=', call.store.id).where('id', '=', id).execute();
      return id;
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('A record with these values exists already');
      throw e;
    }
  };

  rest.post(base, async (request, reply) => {
    const call = await ownerCall(services, request);
    const id = await write(call, null, bodyOf(request));
    reply.code(201);
    return (await present(call.store, [(await one(call.store, id))!]))[0];
  });

  rest.put(`${base}/:id`, async (request) => {
    const call = await ownerCall(services, request);
    const id = await write(call, idParam(request), bodyOf(request));
    return (await present(call.store, [(await one(call.store, id))!]))[0];
  });

  rest.delete(`${base}/:id`, async (request) => {
    const call = await ownerCall(services, request);
    const id = idParam(request);
    const row = await one(call.store, id);
    if (!row) throw notFound();
    const item = (await present(call.store, [row]))[0];
    await services.db.transaction().execute(async (tx) => {
      if (def.beforeDelete) await def.beforeDelete(tx as unknown as Db, call.store, id);
      await (tx as AnyQuery).deleteFrom(def.table).where('store_id', '=', call.store.id).where('id', '=', id).execute();
    });
    return item;
  });
}
