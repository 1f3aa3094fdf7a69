import type { Executor } from '../../db/types';
import { bumpCatalogue } from '../../db/catalogueVersion';
import { now } from '../../db/database';
import { foldGroups } from '../../db/offerGroups';
import { chain, loadTree, repathOffers, type CategoryTree } from '../../db/categoryPath';
import { descendants } from './categoryTree';
import { chunks } from '../../lib/chunks';

/*
 * Which categories shoppers see. A hidden category hides its whole branch, so the rules keep one fact true:
 * a visible category never sits under a hidden one (the shoppers' tree would lift it to the top).
 * - hiding a category hides the categories below it, and their products on sale as the owner's hide (which
 *   outlasts imports; showing the category again leaves them to the owner's own show);
 * - showing one shows the categories above it, and (when the owner shows it) the branch below it;
 * - a product on sale shows its category's chain: an owner who shows a product hidden with its category by an
 *   import, or moves one into a hidden category, sells it where shoppers can find it.
 * Offers' cat_path follows the visible tree, so the offers of every category whose visibility changed are
 * repathed, and the catalogue's shape is bumped.
 */

/** categories.hidden: 0 shown, 1 hidden by a replace import (the next feed that has it shows it), 2 by the owner (kept). */
export const OWNER_HIDDEN = 2;

async function setHidden(tx: Executor, storeId: number, tree: CategoryTree, ids: string[], hidden: boolean): Promise<string[]> {
  const changing = [...new Set(ids)].filter((id) => tree.byId.get(id)?.hidden === !hidden);
  if (!changing.length) return [];
  for (const part of chunks(changing)) await tx.updateTable('categories').set({ hidden: hidden ? OWNER_HIDDEN : 0 }).where('store_id', '=', storeId).where('id', 'in', part).execute();
  // Every offer below a changed category may have a new path (its chain in the visible tree).
  const below = new Set(changing.flatMap((id) => descendants(tree, id)));
  await repathOffers(tx, storeId, [...below]);
  await bumpCatalogue(tx, storeId);
  return changing;
}

/** Hides a category with its branch and their products on sale; answers the categories that were visible. */
export async function hideBranch(tx: Executor, storeId: number, id: string): Promise<string[]> {
  const tree = await loadTree(tx, storeId, true);
  const branch = descendants(tree, id);
  const groups = new Set<string | null>();
  for (const part of chunks(branch)) {
    const live = tx.selectFrom('offers').where('store_id', '=', storeId).where('category_id', 'in', part).where('active', '=', 1).where('deleted', '=', 0);
    for (const r of await live.select('group_id').distinct().execute()) groups.add(r.group_id);
    await tx.updateTable('offers').set({ active: 0, owner_hidden: 1, updated_at: now() }).where('store_id', '=', storeId).where('category_id', 'in', part).where('active', '=', 1).where('deleted', '=', 0).execute();
  }
  // (A group's card is chosen among its live offers.)
  if (groups.size) await foldGroups(tx, storeId, [...groups]);
  return setHidden(tx, storeId, tree, branch, true);
}

/** Shows categories with the chains above them (and, `withBranch`, the branches below them); answers the ids shown. */
export async function showCategories(tx: Executor, storeId: number, ids: string[], withBranch = false): Promise<string[]> {
  const tree = await loadTree(tx, storeId, true);
  const wanted = ids.filter((id) => tree.byId.has(id)).flatMap((id) => [...chain(tree, id), ...(withBranch ? descendants(tree, id) : [])]);
  return setHidden(tx, storeId, tree, wanted, false);
}

/** Shows the chains of these offers' categories where an offer is on sale (active, not deleted) and any is hidden. */
export async function showCategoriesOfLiveOffers(tx: Executor, storeId: number, offerIds: string[]): Promise<string[]> {
  // Most shops have no hidden category: one indexed look before reading anything else.
  const anyHidden = await tx.selectFrom('categories').select('id').where('store_id', '=', storeId).where('hidden', '<>', 0).limit(1).executeTakeFirst();
  if (!anyHidden) return [];
  const categories = new Set<string>();
  for (const part of chunks(offerIds)) {
    const rows = await tx.selectFrom('offers').select('category_id').where('store_id', '=', storeId).where('id', 'in', part).where('active', '=', 1).where('deleted', '=', 0).execute();
    for (const r of rows) categories.add(r.category_id);
  }
  return categories.size ? showCategories(tx, storeId, [...categories]) : [];
}
