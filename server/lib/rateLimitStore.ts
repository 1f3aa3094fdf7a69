import { sql } from 'kysely';
import type { Db } from '../db/types';
import { DAY_KEY_PREFIX, DAY_MS } from './dailyCount';

type Hit = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Hit) => void;

/**
 * Rows whose window started this long ago are deleted now and then (the plugin's longest window is a minute,
 * the orders' an hour); the per-day counters (lib/dailyCount.ts, keys `day:…`) a day later.
 */
const KEEP_MS = 60 * 60_000;
const SWEEP_EVERY = 500;

/**
 * A store for @fastify/rate-limit that keeps its counters in the database (table rate_limits), so a limit
 * such as "30 sign-in calls a minute per address" holds across `WORKERS` processes and machines that share
 * the database instead of multiplying by their number. One statement per hit: an upsert that starts a new
 * window when the old one has ended and otherwise adds one, returning the count; SQLite and PostgreSQL both
 * run it atomically, so parallel requests in several processes never read the same count.
 * The plugin calls `new Store(options)` and `child(routeOptions)`; both share the one table.
 */
export function databaseRateLimitStore(db: Db) {
  let sinceSweep = 0;
  const hit = async (key: string, timeWindow: number): Promise<Hit> => {
    const now = Date.now();
    const ended = now - timeWindow;
    const row = await sql<{ hits: number; window_start: number }>`
      insert into rate_limits (key, window_start, hits) values (${key}, cast(${now} as bigint), 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_start <= cast(${ended} as bigint) then 1 else rate_limits.hits + 1 end,
        window_start = case when rate_limits.window_start <= cast(${ended} as bigint) then cast(${now} as bigint) else rate_limits.window_start end
      returning hits, window_start`.execute(db);
    const { hits, window_start } = row.rows[0];
    if (++sinceSweep >= SWEEP_EVERY) {
      sinceSweep = 0;
      await db
        .deleteFrom('rate_limits')
        .where('window_start', '<', now - KEEP_MS)
        .where((eb) => eb.or([eb('key', 'not like', `${DAY_KEY_PREFIX}%`), eb('window_start', '<', now - DAY_MS - KEEP_MS)]))
        .execute();
    }
    return { current: Number(hits), ttl: Math.max(0, Number(window_start) + timeWindow - now) };
  };
  const peek = async (key: string, timeWindow: number): Promise<Hit> => {
    const now = Date.now();
    const row = await db.selectFrom('rate_limits').select(['hits', 'window_start']).where('key', '=', key).executeTakeFirst();
    if (!row || Number(row.window_start) + timeWindow <= now) return { current: 0, ttl: 0 };
    return { current: Number(row.hits), ttl: Number(row.window_start) + timeWindow - now };
  };

  /** Each route counts apart, as the plugin's own per-route stores do: its method and url prefix the key. */
  return class DatabaseRateLimitStore {
    private readonly scope: string;

    // The plugin passes its options to the first one; children get their route's prefix.
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : '';
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      hit(this.scope + key, timeWindow).then((r) => cb(null, r), (err: Error) => cb(err));
    }

    read(key: string, cb: Callback, timeWindow: number) {
      peek(this.scope + key, timeWindow).then((r) => cb(null, r), (err: Error) => cb(err));
    }

    // The plugin passes the route's merged limit options, the route itself under routeInfo.
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } })?.routeInfo;
      return new DatabaseRateLimitStore(route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url} ` : '');
    }
  };
}
