import { sql } from 'kysely';
import type { Executor } from '../db/types';

/**
 * Keys of per-UTC-day counters in rate_limits begin with this: their window is a day, so the rate-limit
 * store's sweep (lib/rateLimitStore.ts, which drops windows older than an hour) keeps them for a day longer.
 */
export const DAY_KEY_PREFIX = 'day:';
export const DAY_MS = 24 * 60 * 60_000;

/** The start of the UTC day of `at`, ms since epoch. */
export const utcDayStart = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

/**
 * Counts `amount` more (one by default) under `key` for the UTC day of `at` unless that would pass `limit`
 * that day: one conditional upsert on rate_limits (window_start is the day's start, a row of an earlier day
 * starts over), atomic on SQLite and PostgreSQL, so several processes on one database never pass the limit
 * together. Returns the count with these, or null when they would pass the limit (nothing counted).
 */
export async function countDaily(db: Executor, key: string, limit: number, at: Date = new Date(), amount = 1): Promise<number | null> {
  if (amount > limit) return null;
  const day = utcDayStart(at);
  const row = await sql<{ hits: number }>`
    insert into rate_limits (key, window_start, hits) values (${DAY_KEY_PREFIX + key}, cast(${day} as bigint), ${amount})
    on conflict (key) do update set
      hits = case when rate_limits.window_start < cast(${day} as bigint) then ${amount} else rate_limits.hits + ${amount} end,
      window_start = cast(${day} as bigint)
    where rate_limits.window_start < cast(${day} as bigint) or rate_limits.hits + ${amount} <= ${limit}
    returning hits`.execute(db);
  return row.rows.length ? Number(row.rows[0].hits) : null;
}
