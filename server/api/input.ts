import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../errors';
import { bodyLimitError } from '../lib/bodyLimits';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * A parsed `api=` call. Form keys keep the seed's shapes: `p[478_offer_id]` lands in `p` under 478,
 * `filter[283]` in `filters`, `item[12]=3` in `items`; every other key in `raw`.
 */
export interface ApiInput {
  raw: Record<string, string>;
  p: Map<number, string>;
  filters: Map<number, string>;
  items: Map<string, string>;
  files: Map<number, UploadedFile>;
  otherFiles: UploadedFile[];
}

/** The fields that carry a session: never taken from the query string. */
export const CREDENTIAL_KEYS = new Set(['token', 'token_seq', 'user_id', 'phoneNumberToken']);

const P_KEY = /^p\[(\d+)_[A-Za-z0-9_]+\]$/;
const FILTER_KEY = /^filter\[(\d+)\]$/;
const ITEM_KEY = /^item\[([A-Za-z0-9_.-]{1,80})\]$/;


function add(input: ApiInput, key: string, value: string) {
  // PostgreSQL text cannot hold NUL (SQLite stored it): refused on both, so both answer the same.
  if (value.includes('\u0000') || key.includes('\u0000')) throw badRequest('invalid_input', 'A value may not contain a NUL character', [key.replace(/\u0000/g, '')]);
  let m: RegExpExecArray | null;
  if ((m = P_KEY.exec(key))) input.p.set(Number(m[1]), value);
  else if ((m = FILTER_KEY.exec(key))) input.filters.set(Number(m[1]), value);
  else if ((m = ITEM_KEY.exec(key))) input.items.set(m[1], value);
  else input.raw[key] = value;
}

export async function readInput(request: FastifyRequest): Promise<ApiInput> {
  const input: ApiInput = { raw: {}, p: new Map(), filters: new Map(), items: new Map(), files: new Map(), otherFiles: [] };
  for (const [k, v] of Object.entries(request.query as Record<string, unknown>)) {
    // A token in the address ends up in logs, histories and Referer headers, and makes a link a signed-in
    // write: the auth form goes in the body, a Bearer token in its header (issue 34).
    if (CREDENTIAL_KEYS.has(k)) throw badRequest('token_in_query', undefined, [k]);
    if (k !== 'api' && typeof v === 'string') add(input, k, v);
  }
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          const file = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data };
          const m = P_KEY.exec(part.fieldname);
          if (m) input.files.set(Number(m[1]), file);
          else input.otherFiles.push(file);
        } else add(input, part.fieldname, String(part.value ?? ''));
      }
    } catch (e) {
      const code = (e as { code?: string }).code;
      const limit = bodyLimitError(e);
      if (limit) throw limit;
      if (e instanceof ApiError) throw e;
      // Anything else here is the body itself: busboy's 'Unexpected end of multipart data', a bad part header...
      throw badRequest('invalid_input', code?.startsWith('FST_') ? (e as Error).message : `Malformed multipart body: ${(e as Error).message}`);
    }
  } else if (request.body && typeof request.body === 'object') {
    for (const [k, v] of Object.entries(request.body as Record<string, unknown>)) {
      if (typeof v === 'string') add(input, k, v);
      else if (Array.isArray(v) && typeof v[v.length - 1] === 'string') add(input, k, v[v.length - 1]);
      else if (typeof v === 'number' || typeof v === 'boolean') add(input, k, String(v));
    }
  }
  return input;
}

/** The registry values of a schema's fields the client sent, keyed by field name. */
export function fieldsFromInput(fields: readonly { no: number; name: string }[], input: ApiInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = input.p.get(f.no);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** A page number from `offset` (from 1); anything else is a 400, never a 500. */
export function pageOf(input: ApiInput): number {
  const raw = input.raw.offset;
  if (raw === undefined || raw === '') return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw badRequest('invalid_input', 'offset must be a page number from 1', ['offset']);
  return Number(raw);
}

export const flag = (input: ApiInput, key: string) => input.raw[key] === '1' || input.raw[key] === 'true';
