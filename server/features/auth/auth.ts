import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Executor, Store } from '../../db/types';
import { now } from '../../db/database';
import { ApiError, badRequest, serverText } from '../../errors';
import { randomDigits, randomToken, sha256 } from '../../lib/hash';
import type { SmsSender } from './sms';
import type { Lang } from '../../../i18n';
import type { SessionUser } from '../../api/session';
import { shopLang } from '../../api/tenant';

export const CODE_LENGTH = 4;
const CODE_TTL_MS = 5 * 60_000;
const CODE_INTERVAL_MS = 20_000;
const CODES_PER_HOUR = 10;
const ATTEMPTS_PER_CODE = 5;

/** E.164 of a phone typed any usual way; 11 digits starting with 8 count as a Russian +7 number. */
export function normalizePhone(raw: string): string | null {
  let s = raw.trim();
  const digits = s.replace(/\D/g, '');
  if (!s.startsWith('+')) s = digits.length === 11 && digits.startsWith('8') ? `+7${digits.slice(1)}` : digits.length === 10 ? `+7${digits}` : `+${digits}`;
  const p = parsePhoneNumberFromString(s);
  return p && p.isValid() ? p.number : null;
}

const codeHash = (storeId: number, phone: string, code: string) => sha256(`${storeId}:${phone}:${code}`);

export async function requestCode(db: Executor, store: Store, rawPhone: string, sms: SmsSender, lang: Lang = shopLang(store)): Promise<void> {
  const phone = normalizePhone(rawPhone);
  if (!phone) throw badRequest('invalid_phone', undefined, ['phone']);
  const hourAgo = new Date(Date.now() - 3600_000).toISOString();
  const recent = await db
    .selectFrom('sms_codes')
    .select(['created_at'])
    .where('store_id', '=', store.id)
    .where('phone', '=', phone)
    .where('created_at', '>', hourAgo)
    .orderBy('created_at', 'desc')
    .execute();
  if (recent.length >= CODES_PER_HOUR || (recent[0] && Date.now() - Date.parse(recent[0].created_at) < CODE_INTERVAL_MS)) {
    throw new ApiError(429, 'too_many_requests');
  }
  const code = randomDigits(CODE_LENGTH);
  await db
    .insertInto('sms_codes')
    .values({ store_id: store.id, phone, code_hash: codeHash(store.id, phone, code), attempts: 0, expires_at: new Date(Date.now() + CODE_TTL_MS).toISOString(), created_at: now(), used_at: null })
    .execute();
  try {
    await sms.send(phone, serverText(lang, 'sms_login', { shop: store.name, code }));
  } catch (e) {
    // No SMS went out: the code is forgotten, so the customer may ask again at once (not after 20 s).
    await db.deleteFrom('sms_codes').where('store_id', '=', store.id).where('phone', '=', phone).where('code_hash', '=', codeHash(store.id, phone, code)).execute();
    throw Object.assign(new ApiError(502, 'sms_error'), { cause: e });
  }
}

/** Checks the code and opens a session: the token is returned once and stored only as its hash. */
export async function login(db: Executor, store: Store, rawPhone: string, rawCode: string) {
  const phone = normalizePhone(rawPhone);
  if (!phone) throw badRequest('invalid_phone', undefined, ['phone']);
  const code = rawCode.trim().slice(0, CODE_LENGTH);
  if (!/^\d{4}$/.test(code)) throw badRequest('invalid_code', undefined, ['code']);
  const row = await db
    .selectFrom('sms_codes')
    .selectAll()
    .where('store_id', '=', store.id)
    .where('phone', '=', phone)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) < Date.now()) throw badRequest('code_expired', undefined, ['code']);
  // Each try claims one of the code's attempts in the database before the code is compared: parallel
  // guesses (on any number of WORKERS processes) cannot all read "0 attempts" and try more than 5 times.
  const claimed = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', ATTEMPTS_PER_CODE)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new ApiError(429, 'too_many_requests');
  if (row.code_hash !== codeHash(store.id, phone, code)) throw badRequest('invalid_code', undefined, ['code']);
  const used = await db.updateTable('sms_codes').set({ used_at: now() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw badRequest('code_expired', undefined, ['code']);
  const userId = await ensureUser(db, store.id, phone);
  const token = randomToken();
  const session = await db
    .insertInto('sessions')
    .values({ store_id: store.id, user_id: userId, token_hash: sha256(token), created_at: now(), last_seen_at: now(), revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user_id: String(userId), token_seq: String(session.id), token };
}

export async function ensureUser(db: Executor, storeId: number, phone: string): Promise<number> {
  const existing = await db.selectFrom('users').select('id').where('store_id', '=', storeId).where('phone', '=', phone).executeTakeFirst();
  if (existing) return existing.id;
  await db.insertInto('users').values({ store_id: storeId, phone, name: null, created_at: now() }).onConflict((oc) => oc.doNothing()).execute();
  const row = await db.selectFrom('users').select('id').where('store_id', '=', storeId).where('phone', '=', phone).executeTakeFirstOrThrow();
  return row.id;
}

export async function logout(db: Executor, user: SessionUser) {
  await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', user.sessionId).execute();
}

/** Makes the user with this phone the store's owner (`npm run owner`, demo seed). */
export async function makeOwner(db: Executor, storeId: number, rawPhone: string): Promise<number> {
  const phone = normalizePhone(rawPhone);
  if (!phone) throw new Error(`Not a valid phone number: ${rawPhone}`);
  const userId = await ensureUser(db, storeId, phone);
  await db.updateTable('stores').set({ user_id: userId }).where('id', '=', storeId).execute();
  return userId;
}
