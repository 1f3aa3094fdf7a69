import type { Db, Executor } from '../../db/types';
import { releaseStock } from '../catalogue/public';
import { orderData } from './orders';

/**
 * Counted stock held by an order without a checked phone (orders.hold_until) goes back when the hold
 * lapses, unless the owner took the order or it was paid first (both clear hold_until). The order stays,
 * marked `holdLapsed`: if the owner takes it later, its units are taken again (updateOrder). Run by each
 * process every HOLD_SWEEP_MS and by every order of a shop before it takes stock, so a product a stranger
 * held is sellable again by the time a real customer orders it.
 */
export async function releaseLapsedHolds(db: Executor, at: Date, storeId?: number, max = 100): Promise<number> {
  let q = db.selectFrom('orders').select(['id', 'store_id']).where('hold_until', 'is not', null).where('hold_until', '<=', at.toISOString());
  if (storeId !== undefined) q = q.where('store_id', '=', storeId);
  const lapsed = await q.orderBy('hold_until').limit(max).execute();
  let released = 0;
  for (const { id, store_id } of lapsed) {
    // Claimed by clearing the column: of two sweeps (or processes) one gives the units back.
    const claimed = await db.updateTable('orders').set({ hold_until: null }).where('id', '=', id).where('hold_until', 'is not', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const row = await db.selectFrom('orders').select('data').where('id', '=', id).executeTakeFirstOrThrow();
    const data = orderData(row);
    await releaseStock(db, store_id, data.products);
    await db.updateTable('orders').set({ data: JSON.stringify({ ...data, holdLapsed: true }) }).where('id', '=', id).execute();
    released++;
  }
  return released;
}

/** The sweep of every process: each lapsed hold in its own short transaction. */
export function startHoldSweep(db: Db, everyMs: number, log: (msg: string, err: unknown) => void): { stop(): void } {
  let running = false;
  const sweep = async () => {
    // Up to 50 a round, one order a transaction (a write lock on SQLite is held for one order only).
    for (let i = 0; i < 50; i++) {
      if (!(await db.transaction().execute((tx) => releaseLapsedHolds(tx, new Date(), undefined, 1)))) break;
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch((err) => log('releasing lapsed stock holds failed', err))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
