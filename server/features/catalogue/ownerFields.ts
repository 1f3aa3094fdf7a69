import { sql } from 'kysely';
import { offerSchema } from '../../../schemas';
import type { Db } from '../../db/types';
import { notFound } from '../../errors';
import { now } from '../../db/database';

/**
 * The fields of a product the owner changed by hand (offers.owner_fields), which a later import of its feed
 * keeps (yml/write/ownerFields.ts): fixing a supplier's name or price must outlast the nightly feed. What
 * an import owns is not locked: stock and availability (the supplier's), the shop order, visibility
 * (owner_hidden has its own rule) and what the server sets.
 */
const NOT_LOCKED = new Set(['type', 'available', 'active', 'sort', 'stock']);
/** The product's parameter values, kept as a whole (not a registry field). */
export const PARAMS = 'params';
export const LOCKABLE: ReadonlySet<string> = new Set([...offerSchema.fields.filter((f) => !f.readOnly && !f.derived && !NOT_LOCKED.has(f.name)).map((f) => f.name), PARAMS]);

const blank = (v: unknown) => v === null || v === undefined || v === '';
/** Whether two values of a field are the same to an owner: both empty, equal as text, or (lists, objects) equal as JSON. */
export const sameValue = (a: unknown, b: unknown): boolean =>
  (blank(a) && blank(b)) || (typeof a === 'object' || typeof b === 'object' ? JSON.stringify(a) === JSON.stringify(b) : String(a) === String(b));

/** The stored list as field names ('' or null: none). */
export const parseOwnerFields = (stored: string | null | undefined): string[] => (stored ? stored.split(',').filter((f) => LOCKABLE.has(f)) : []);

/** The list after an owner's save: the stored one and every lockable field the save changed (`params`: its values). */
export function withEdited(stored: string | null | undefined, sent: Record<string, unknown>, before: Record<string, unknown>, params = false): string | null {
  const out = new Set(parseOwnerFields(stored));
  for (const k of Object.keys(sent)) if (LOCKABLE.has(k) && !sameValue(sent[k], before[k])) out.add(k);
  if (params) out.add(PARAMS);
  return out.size ? [...out].join(',') : null;
}

/** The fields of the owner's product that its imports keep. */
export async function ownerFieldsOf(db: Db, storeId: number, offerId: string): Promise<string[]> {
  const row = await db.selectFrom('offers').select('owner_fields').where('store_id', '=', storeId).where('id', '=', offerId).where('deleted', '=', 0).executeTakeFirst();
  if (!row) throw notFound();
  return parseOwnerFields(row.owner_fields);
}

/** Lets the next import write every field of the product again. */
export async function releaseOwnerFields(db: Db, storeId: number, offerId: string): Promise<void> {
  // (Its feed hash goes too: the row as stored holds the owner's values, not the last import's.)
  const r = await db.updateTable('offers').set({ owner_fields: null, feed_hash: null, updated_at: now() }).where('store_id', '=', storeId).where('id', '=', offerId).where('deleted', '=', 0).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound();
}

/** Whether an import leaves the product's params as stored: the owner set them, or chose its category. */
export const keepsParams = (stored: string | null | undefined) => parseOwnerFields(stored).some((f) => f === PARAMS || f === 'categoryId');

/** owner_fields with `field` added, as an update's value (the list's bulk price change and move). */
export const withField = (field: string) =>
  sql<string>`case when owner_fields is null or owner_fields = '' then ${field} when ',' || owner_fields || ',' like ${`%,${field},%`} then owner_fields else owner_fields || ${`,${field}`} end`;
