import { sql } from 'kysely';
import type { Executor, Store } from '../../db/types';
import { ApiError } from '../../errors';
import { enqueue, ownerDestinations } from '../notifications/public';
import { storeValues } from '../../api/tenant';
import { bumpCatalogue } from '../../db/catalogueVersion';
import { foldGroups } from '../../db/offerGroups';

/**
 * Stock per product (offers.stock; null = not counted, unlimited). An order reserves its lines in its own
 * transaction with one conditional update per counted product (`stock >= quantity`): on SQLite the write
 * transaction is exclusive, on PostgreSQL the row lock makes the second update re-read the first's result,
 * so parallel orders never take the same last unit. A cancelled order gives its units back.
 */
export interface StockLine {
  id: string;
  name: string;
  quantity: number;
  /** Units this order took off a counted stock (set by reserveStock, read by releaseStock). */
  reserved?: number;
}

/** Whether a product with this stock can be ordered in this quantity (null: unlimited). */
export const stockAllows = (stock: number | null | undefined, quantity = 1): boolean => stock === null || stock === undefined || Number(stock) >= quantity;

/**
 * Takes each line's quantity off its product's counted stock, marking the line `reserved`. Throws the
 * seed's `unavailable_items` (400, the products' ids) when one has too few left; the caller's transaction
 * then rolls back every line. Queues the owner's low-stock message when an order brings a product to the
 * store's `low_stock_at` or below.
 */
export async function reserveStock(tx: Executor, store: Store, lines: StockLine[]): Promise<void> {
  const short: string[] = [];
  const low: { name: string; count: number }[] = [];
  /** Groups whose variant sold out: their card may go to the next variant (db/offerGroups.ts). */
  const soldOut: string[] = [];
  const threshold = Number(storeValues(store).low_stock_at ?? 3);
  for (const line of lines) {
    const row = await tx
      .updateTable('offers')
      .set({ stock: sql<number>`stock - ${line.quantity}` })
      .where('store_id', '=', store.id)
      .where('id', '=', line.id)
      .where('stock', 'is not', null)
      .where('stock', '>=', line.quantity)
      .returning(['stock', 'group_id'])
      .executeTakeFirst();
    if (row) {
      line.reserved = line.quantity;
      const left = Number(row.stock);
      if (left === 0 && row.group_id) soldOut.push(row.group_id);
      if (left <= threshold && left + line.quantity > threshold) low.push({ name: line.name, count: left });
      continue;
    }
    const now = await tx.selectFrom('offers').select('stock').where('store_id', '=', store.id).where('id', '=', line.id).executeTakeFirst();
    if (now && now.stock !== null) short.push(line.id);
  }
  if (short.length) throw new ApiError(400, 'unavailable_items', undefined, short);
  // The item page shows the stock and a card its availability: cached answers of the catalogue go stale.
  if (lines.some((l) => l.reserved)) await bumpCatalogue(tx, store.id, 'stock');
  if (soldOut.length) await foldGroups(tx, store.id, soldOut);
  const to = ownerDestinations(storeValues(store), 'orders');
  for (const l of low) await enqueue(tx, store, 'low_stock', to, { product: l.name, count: l.count });
}

/** Gives back what reserveStock took for these lines (a cancelled order); products no longer counted stay so. */
export async function releaseStock(tx: Executor, storeId: number, lines: StockLine[]): Promise<void> {
  let changed = false;
  const back: string[] = [];
  for (const line of lines) {
    if (!line.reserved) continue;
    const r = await tx
      .updateTable('offers')
      .set({ stock: sql<number>`stock + ${line.reserved}` })
      .where('store_id', '=', storeId)
      .where('id', '=', line.id)
      .where('stock', 'is not', null)
      .returning(['stock', 'group_id'])
      .executeTakeFirst();
    if (r) changed = true;
    if (r?.group_id && Number(r.stock) === line.reserved) back.push(r.group_id);
    delete line.reserved;
  }
  if (changed) await bumpCatalogue(tx, storeId, 'stock');
  if (back.length) await foldGroups(tx, storeId, back);
}
