import type { Executor, Store } from '../../db/types';
import { ApiError, serverText } from '../../errors';
import { enqueue, notify, ownerDestinations } from '../notifications/public';
import { shopLang, storeValues } from '../../api/tenant';

/**
 * The failed-try budget of a phone: at most FAILED_TRIES_PER_DAY wrong codes in any 24 hours, per shop and
 * phone, counted in the database (every WORKERS process and machine shares it). Without it a guesser had 5
 * tries a code and a new code every 20 s, 50 guesses an hour: about 11 % a day on a 4-digit code. With it
 * a week of guessing compares at most 70 guesses a phone (0.7 % on a customer's 4 digits, 0.007 % on an
 * owner's 6). Spent, sign-in for that phone waits (api=sms_code and api=login answer 429 `signin_wait`)
 * until its oldest failure is a day old. Its price: someone who knows a phone can keep its owner from
 * signing in for a day; the shop's owner is told when their own phone is being guessed.
 */
export const FAILED_TRIES_PER_DAY = 10;
const DAY_MS = 24 * 3600_000;
/** The owner hears of wrong codes for their own phone when a day's failures reach this many. */
export const OWNER_ALERT_AFTER = 5;

interface CodeRow {
  id: number;
  attempts: number;
  used_at: string | null;
  created_at: string;
}

/** The phone's codes of the last 24 hours (the window is a code's creation: a code lives 5 minutes). */
async function codesOfDay(db: Executor, storeId: number, phone: string, now: number): Promise<CodeRow[]> {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'attempts', 'used_at', 'created_at'])
    .where('store_id', '=', storeId)
    .where('phone', '=', phone)
    .where('created_at', '>', new Date(now - DAY_MS).toISOString())
    .orderBy('created_at')
    .execute();
}

/** Wrong codes among a code's tries: every try but the one that signed in. */
const failuresOf = (c: CodeRow) => c.attempts - (c.used_at ? 1 : 0);

/** When the phone may try again: its oldest failures leave the 24-hour window one by one. */
function waitUntil(codes: CodeRow[], now: number): number {
  let failures = codes.reduce((n, c) => n + failuresOf(c), 0);
  for (const c of codes) {
    if (failures < FAILED_TRIES_PER_DAY) break;
    failures -= failuresOf(c);
    if (failures < FAILED_TRIES_PER_DAY) return Date.parse(c.created_at) + DAY_MS;
  }
  return now;
}

const waitError = (until: number, now: number) => new ApiError(429, 'signin_wait', { hours: Math.max(1, Math.ceil((until - now) / 3600_000)) });

/** Refuses a phone whose budget is spent (api=sms_code asks this before a code is sent). */
export async function assertMayTry(db: Executor, storeId: number, phone: string): Promise<void> {
  const now = Date.now();
  const codes = await codesOfDay(db, storeId, phone, now);
  if (codes.reduce((n, c) => n + failuresOf(c), 0) >= FAILED_TRIES_PER_DAY) throw waitError(waitUntil(codes, now), now);
}

/**
 * How many tries the code `codeId` may have had in all, its own 5 or what the day's budget leaves after the
 * phone's other codes (those are spent: only the newest code is tried). The caller claims a try with
 * `attempts < allowed` in one conditional update, so parallel guesses never pass the budget.
 */
export async function triesAllowed(db: Executor, storeId: number, phone: string, codeId: number, perCode: number): Promise<{ allowed: number; refuse: () => ApiError }> {
  const now = Date.now();
  const codes = await codesOfDay(db, storeId, phone, now);
  const others = codes.filter((c) => c.id !== codeId).reduce((n, c) => n + failuresOf(c), 0);
  return { allowed: Math.max(0, Math.min(perCode, FAILED_TRIES_PER_DAY - others)), refuse: () => waitError(waitUntil(codes, now), now) };
}

/** The day's failures of a phone, after one more was counted. */
export async function failuresToday(db: Executor, storeId: number, phone: string): Promise<number> {
  return (await codesOfDay(db, storeId, phone, Date.now())).reduce((n, c) => n + failuresOf(c), 0);
}

/** The store's owner's phone, or null. */
export async function ownerPhone(db: Executor, store: Store): Promise<string | null> {
  if (store.user_id === null) return null;
  const row = await db.selectFrom('users').select('phone').where('id', '=', store.user_id).where('store_id', '=', store.id).executeTakeFirst();
  return row?.phone ?? null;
}

/**
 * Tells the owner that wrong codes are being tried for their phone: an in-app notification and a message
 * to the owner's order channels (e-mail, Telegram), once when the day's failures reach OWNER_ALERT_AFTER.
 */
export async function tellOwnerOfGuessing(db: Executor, store: Store, failures: number): Promise<void> {
  if (failures !== OWNER_ALERT_AFTER || store.user_id === null) return;
  const lang = shopLang(store);
  await notify(db, {
    storeId: store.id,
    userId: store.user_id,
    deviceId: null,
    header: serverText(lang, 'signin_guessed_header'),
    desc: serverText(lang, 'signin_guessed_desc', { count: failures, budget: FAILED_TRIES_PER_DAY }),
    fromId: 0,
  });
  await enqueue(db, store, 'signin_guessed', ownerDestinations(storeValues(store), 'orders'), { count: failures, budget: FAILED_TRIES_PER_DAY });
}
