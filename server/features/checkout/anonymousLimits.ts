import { sql } from 'kysely';
import type { Tx } from '../../db/types';
import { ApiError } from '../../errors';

/**
 * Hourly limits on orders placed without a checked phone, per shop and per client address, device and
 * phone (config.anonOrderLimits; 0: no limit). Counted in the order's own transaction with one conditional
 * upsert per key on rate_limits (`hits < limit`): parallel orders never pass it, and a refused or failed
 * order rolls its counts back with everything else, so a refusal stores nothing. A window is a fixed hour
 * from its first order (at a window's end up to twice the limit can pass within minutes: documented).
 */

export interface AnonymousOrderLimits {
  address: number;
  device: number;
  phone: number;
}

const HOUR_MS = 60 * 60_000;

/** Counts one more order without a checked phone; throws 429 `too_many_orders` when a limit is reached. */
export async function countAnonymousOrder(
  tx: Tx,
  storeId: number,
  who: { address: string | null; deviceId: string | null; phone: string | null },
  limits: AnonymousOrderLimits,
  at: Date,
): Promise<void> {
  const keys: [string, number][] = [];
  if (limits.address > 0 && who.address) keys.push([`order:${storeId}:address:${who.address}`, limits.address]);
  if (limits.device > 0 && who.deviceId) keys.push([`order:${storeId}:device:${who.deviceId}`, limits.device]);
  if (limits.phone > 0 && who.phone) keys.push([`order:${storeId}:phone:${who.phone}`, limits.phone]);
  const now = at.getTime();
  const ended = now - HOUR_MS;
  for (const [key, limit] of keys) {
    const row = await sql<{ hits: number }>`
      insert into rate_limits (key, window_start, hits) values (${key}, cast(${now} as bigint), 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_start <= cast(${ended} as bigint) then 1 else rate_limits.hits + 1 end,
        window_start = case when rate_limits.window_start <= cast(${ended} as bigint) then cast(${now} as bigint) else rate_limits.window_start end
      where rate_limits.window_start <= cast(${ended} as bigint) or rate_limits.hits < ${limit}
      returning hits`.execute(tx);
    if (!row.rows.length) throw new ApiError(429, 'too_many_orders');
  }
}
