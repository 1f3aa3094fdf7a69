/**
 * Variants (offers.group_id, migration 2026112930): the offers of one group are one product in the lists. Its
 * card is the group's head, the first live offer (active, not deleted) that can be ordered (available, a counted
 * stock above 0), else the first live one, by the owner's order and id; the others are `folded` (1), which every list order's index carries last, so a list skips them on the
 * index alone. Each write that can change a head calls foldGroups in its transaction.
 */
import { sql } from 'kysely';
import type { Executor } from './types';

/** The head of the offer's group, correlated with the outer `offers` row. */
const HEAD = sql`(select g.id from offers g where g.store_id = offers.store_id and g.group_id = offers.group_id and g.deleted = 0 and g.active = 1 order by case when g.available = 1 and (g.stock is null or g.stock > 0) then 0 else 1 end, g.sort, g.id limit 1)`;
const FOLDED = sql<number>`case when offers.id = ${HEAD} then 0 else 1 end`;

/**
 * Sets `folded` for the offers of these groups (every group of the store when none are given), and clears it
 * on offers no longer in a group. Rows already right are not written.
 */
export async function foldGroups(db: Executor, storeId: number, groupIds?: (string | null | undefined)[]): Promise<void> {
  await db.updateTable('offers').set({ folded: 0 }).where('store_id', '=', storeId).where('group_id', 'is', null).where('folded', '=', 1).execute();
  const groups = groupIds && [...new Set(groupIds.filter((g): g is string => !!g))];
  if (groups && !groups.length) return;
  let q = db
    .updateTable('offers')
    .set({ folded: FOLDED })
    .where('store_id', '=', storeId)
    .where('group_id', 'is not', null)
    .where(sql<boolean>`folded <> ${FOLDED}`);
  if (groups) q = q.where('group_id', 'in', groups);
  await q.execute();
}
