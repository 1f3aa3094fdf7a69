import type { FastifyReply, FastifyRequest } from 'fastify';
import { validateFields, type EntitySchema, type FieldDef, type FieldError } from '../../schemas';
import { type AppServices } from '../api/context';
import { credentialsOf, checkToken, type SessionUser } from '../api/session';
import type { Store } from '../db/types';
import { ApiError, badRequest, forbidden, notFound, requiredFields, tokenError } from '../errors';

/**
 * The REST dialect of ra-data-simple-rest: `GET /rest/<resource>?sort=["name","ASC"]&range=[0,24]&filter={}`
 * answers an array with `Content-Range: <resource> 0-24/<total>`; `GET /:id`, `POST`, `PUT /:id`,
 * `DELETE /:id` answer the record. `Authorization: Bearer <token>` names the user.
 */
export interface RestCall {
  store: Store;
  /** The signed-in user, or null (a Bearer token that names no live session is a 401 right away). */
  user: SessionUser | null;
}

export async function restCall(services: AppServices, request: FastifyRequest): Promise<RestCall> {
  const store = await services.stores.resolve(request.headers.host);
  if (!store) throw notFound();
  const cred = credentialsOf(request, {});
  if (!cred) return { store, user: null };
  const user = await checkToken(services.db, store, cred);
  if (!user) throw tokenError();
  return { store, user };
}

export function requireOwner(call: RestCall): SessionUser {
  if (!call.user) throw tokenError();
  if (!call.user.isOwner) throw forbidden();
  return call.user;
}

/** restCall for the owner's resources: a call without the shop owner's token is a 401 or 403. */
export async function ownerCall(services: AppServices, request: FastifyRequest): Promise<RestCall & { user: SessionUser }> {
  const call = await restCall(services, request);
  return { ...call, user: requireOwner(call) };
}

export interface ListQuery {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  start: number;
  /** How many rows (range end − start + 1), at most MAX_PAGE. */
  limit: number;
  filter: Record<string, unknown>;
}

export const MAX_PAGE = 500;

const parseJsonParam = (raw: unknown, name: string): unknown => {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest('invalid_input', `${name} must be JSON`, [name]);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('invalid_input', `${name} must be JSON`, [name]);
  }
};

/** sort=["field","ASC"], range=[start,end] (inclusive), filter={...}; anything malformed is a 400. */
export function parseListQuery(query: unknown): ListQuery {
  const q = (query ?? {}) as Record<string, unknown>;
  const sortRaw = parseJsonParam(q.sort, 'sort');
  let sort: ListQuery['sort'] = null;
  if (sortRaw !== undefined) {
    if (!Array.isArray(sortRaw) || typeof sortRaw[0] !== 'string' || !['ASC', 'DESC', 'asc', 'desc', undefined].includes(sortRaw[1])) {
      throw badRequest('invalid_input', 'sort must be ["field","ASC"|"DESC"]', ['sort']);
    }
    sort = { field: sortRaw[0], order: String(sortRaw[1] ?? 'ASC').toLowerCase() as 'asc' | 'desc' };
  }
  const rangeRaw = parseJsonParam(q.range, 'range');
  let start = 0;
  let limit = 25;
  if (rangeRaw !== undefined) {
    if (!Array.isArray(rangeRaw) || rangeRaw.length !== 2 || !rangeRaw.every((n) => Number.isInteger(n) && n >= 0) || rangeRaw[1] < rangeRaw[0]) {
      throw badRequest('invalid_input', 'range must be [start,end]', ['range']);
    }
    start = rangeRaw[0];
    limit = Math.min(MAX_PAGE, rangeRaw[1] - rangeRaw[0] + 1);
  }
  const filterRaw = parseJsonParam(q.filter, 'filter') ?? {};
  if (!filterRaw || typeof filterRaw !== 'object' || Array.isArray(filterRaw)) throw badRequest('invalid_input', 'filter must be a JSON object', ['filter']);
  return { sort, start, limit, filter: filterRaw as Record<string, unknown> };
}

/** The sort column for a field the resource allows, else a 400. */
export function sortColumn<C extends string>(q: ListQuery, allowed: Record<string, C>, fallback: C): { column: C; order: 'asc' | 'desc' } {
  if (!q.sort) return { column: fallback, order: 'asc' };
  // Own keys only: `sort=["__proto__","ASC"]` or ["constructor", ...] found Object's members (a 500).
  const column = Object.prototype.hasOwnProperty.call(allowed, q.sort.field) ? allowed[q.sort.field] : undefined;
  if (typeof column !== 'string') throw badRequest('invalid_input', `Cannot sort by ${q.sort.field}`, ['sort']);
  return { column, order: q.sort.order };
}

/** Ids of a `filter={"id":[...]}` (getMany) as positive integers; null when the filter has no id. */
export function idFilter(filter: Record<string, unknown>): number[] | null {
  if (filter.id === undefined) return null;
  const ids = (Array.isArray(filter.id) ? filter.id : [filter.id]).map((v) => Number(v));
  if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) throw badRequest('invalid_input', undefined, ['id']);
  return ids.slice(0, MAX_PAGE);
}

/** Sends a page with the Content-Range header ra-data-simple-rest reads the total from. */
export function sendList(reply: FastifyReply, resource: string, q: ListQuery, rows: unknown[], total: number) {
  const range = rows.length ? `${q.start}-${q.start + rows.length - 1}` : '*';
  reply.header('Content-Range', `${resource} ${range}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
  reply.header('cache-control', 'no-store');
  return rows;
}

/** A record id from the path: a positive integer, else a 404 (a path that names nothing). */
export function idParam(request: FastifyRequest): number {
  const raw = (request.params as Record<string, string>).id ?? '';
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
}

/** The JSON (or urlencoded) body as an object. */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  if (b === undefined || b === null || b === '') return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw badRequest('invalid_input', 'The body must be a JSON object');
  return b as Record<string, unknown>;
}

/**
 * Checks a write against a schema: a create needs every required field; an update (PUT) keeps what is not
 * sent. Read-only fields (id, counters) are ignored. Missing fields are a required_fields_error, bad ones invalid_input.
 */
export function checkWrite(fields: readonly FieldDef[], body: Record<string, unknown>, opts: { partial: boolean }): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of fields) if (f.name in body) input[f.name] = body[f.name] === null ? '' : body[f.name];
  const { values, errors } = validateFields(fields, input, { partial: opts.partial });
  throwFieldErrors(errors);
  return values;
}

export function throwFieldErrors(errors: FieldError[], requiredMessage?: string) {
  const missing = errors.filter((e) => e.code === 'required');
  if (missing.length) throw requiredMessage ? new ApiError(400, 'required_fields_error', requiredMessage, missing) : requiredFields(missing);
  if (errors.length) throw badRequest('invalid_input', undefined, errors);
}

/** A schema's fields minus some (columns handled by the resource itself). */
export const fieldsOf = (schema: EntitySchema, without: string[] = []) => schema.fields.filter((f) => !without.includes(f.name));

/** Whether an error is a unique-index violation on either database. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err?.message ?? '');
}
