import { changedPrice, validPriceChange } from '../../../schemas/rules/priceChange';
import type { Dialect } from '../../db/database';
import { now } from '../../db/database';
import type { Db, Executor } from '../../db/types';
import { ApiError, badRequest } from '../../errors';
import { categoryPath, chain, type CategoryTree } from '../../db/categoryPath';
import { categoryTree, ownerCategoryTree } from './categoryTree';
import { showCategoriesOfLiveOffers } from './categoryVisibility';
import { loadParams, scopeOf, type ParamInfo } from './params';
import { withField } from './ownerFields';
import { bumpCatalogue } from '../../db/catalogueVersion';
import { foldGroups } from '../../db/offerGroups';

/**
 * The owner's bulk actions on selected products (the admin's product list): show, hide, move to a
 * category, change the price by a percentage, delete. One transaction each: every product named must be
 * the store's and not deleted, else nothing changes (404 with the unknown ids). The catalogue version goes
 * up, so the shop's cached answers are dropped. Prices are computed here from the stored ones
 * (schemas/rules/priceChange.ts); the client sends only the percentage.
 */
export const BULK_ACTIONS = ['show', 'hide', 'move', 'price', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** At most this many products in one action (a page of the list at its largest). */
export const BULK_MAX = 500;

export interface BulkRequest {
  action: BulkAction;
  ids: string[];
  categoryId?: string;
  percent?: number;
  /** Change the old (crossed-out) price by the same percentage, so the discount shown stays. */
  oldprice?: boolean;
}

/** Checks a request body; a malformed one is a 400 naming the field. */
export function parseBulk(body: Record<string, unknown>): BulkRequest {
  const action = body.action;
  if (typeof action !== 'string' || !(BULK_ACTIONS as readonly string[]).includes(action)) throw badRequest('invalid_input', undefined, ['action']);
  const ids = body.ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > BULK_MAX || !ids.every((id) => typeof id === 'string' && id.trim() !== '' && id.length <= 80)) {
    throw badRequest('invalid_input', `ids: 1 to ${BULK_MAX} product ids`, ['ids']);
  }
  const out: BulkRequest = { action: action as BulkAction, ids: [...new Set(ids as string[])] };
  if (action === 'move') {
    if (typeof body.categoryId !== 'string' || !body.categoryId.trim() || body.categoryId === '0') throw badRequest('required_fields_error', undefined, ['categoryId']);
    out.categoryId = body.categoryId;
  }
  if (action === 'price') {
    if (!validPriceChange(body.percent)) throw badRequest('invalid_input', undefined, ['percent']);
    out.percent = body.percent;
    if (body.oldprice !== undefined && typeof body.oldprice !== 'boolean') throw badRequest('invalid_input', undefined, ['oldprice']);
    out.oldprice = body.oldprice === true;
  }
  return out;
}

interface Target {
  id: string;
  price: number;
  oldprice: number | null;
  category_id: string;
  group_id: string | null;
}

/** Runs one bulk action; answers how many products it changed. */
export async function runBulk(db: Db, dialect: Dialect, storeId: number, req: BulkRequest): Promise<{ changed: number }> {
  // Read before the transaction: on SQLite a read through `db` inside it would wait for its end.
  const tree = req.action === 'move' ? await categoryTree(db, storeId) : null;
  // (A hidden category is a target too: the products on sale moved there show it, below.)
  if (tree && !(await ownerCategoryTree(db, storeId)).byId.has(req.categoryId!)) throw badRequest('invalid_input', 'Unknown category', ['categoryId']);
  return db.transaction().execute(async (tx) => {
    let select = tx.selectFrom('offers').select(['id', 'price', 'oldprice', 'category_id', 'group_id']).where('store_id', '=', storeId).where('deleted', '=', 0).where('id', 'in', req.ids);
    // PostgreSQL: the rows stay as read until the end (a save in between waits); SQLite's write lock is taken at begin.
    if (dialect === 'postgres') select = select.forUpdate();
    const rows = (await select.execute()) as Target[];
    if (rows.length !== req.ids.length) {
      const found = new Set(rows.map((r) => r.id));
      throw new ApiError(404, 'not_found', undefined, req.ids.filter((id) => !found.has(id)));
    }
    const ids = rows.map((r) => r.id);
    const stamp = now();
    switch (req.action) {
      case 'show':
      case 'hide':
        // The owner's hide outlasts imports (owner_hidden); their show lets a later replace import hide again.
        await tx
          .updateTable('offers')
          .set({ active: req.action === 'show' ? 1 : 0, owner_hidden: req.action === 'show' ? 0 : 1, updated_at: stamp })
          .where('store_id', '=', storeId)
          .where('id', 'in', ids)
          .execute();
        break;
      case 'delete':
        await tx.updateTable('offers').set({ deleted: 1, owner_hidden: 0, owner_fields: null, updated_at: stamp }).where('store_id', '=', storeId).where('id', 'in', ids).execute();
        await tx.deleteFrom('offer_search').where('store_id', '=', storeId).where('offer_id', 'in', ids).execute();
        break;
      case 'price':
        for (const r of rows) {
          const price = changedPrice(Number(r.price), req.percent!);
          const oldprice = req.oldprice && r.oldprice !== null ? changedPrice(Number(r.oldprice), req.percent!) : r.oldprice;
          await tx.updateTable('offers').set({ price, oldprice, owner_fields: withField('price'), updated_at: stamp }).where('store_id', '=', storeId).where('id', '=', r.id).execute();
        }
        break;
      case 'move':
        await moveOffers(tx, storeId, rows, req.categoryId!, tree!, stamp);
        break;
    }
    // A group's card is chosen by what is live and available, the owner's order and id: a price or a category
    // changes no card, and the rest refold only the groups they touched (not every group of the shop).
    if (req.action !== 'price' && req.action !== 'move') await foldGroups(tx, storeId, rows.map((r) => r.group_id));
    // Products on sale are where shoppers can find them: shown, or moved, into a hidden category, they show it.
    if (req.action === 'show' || req.action === 'move') await showCategoriesOfLiveOffers(tx, storeId, ids);
    // Only these products' categories (and a move's target) have their filters read again.
    await bumpCatalogue(tx, storeId, { categories: [...rows.map((r) => r.category_id), req.categoryId] });
    return { changed: rows.length };
  });
}

/**
 * Moves products to a category. As a save in the item editor does, a product keeps its parameter values
 * but those whose base id names another parameter in the new category (base ids are unique per category
 * path only), which would read as that parameter's.
 */
async function moveOffers(tx: Executor, storeId: number, rows: Target[], categoryId: string, tree: CategoryTree, stamp: string) {
  const all = await loadParams(tx, storeId);
  const scope = (c: string): Map<number, ParamInfo> => scopeOf(all, chain(tree, c));
  const target = scope(categoryId);
  const byCategory = new Map<string, string[]>();
  for (const r of rows) if (r.category_id !== categoryId) byCategory.set(r.category_id, [...(byCategory.get(r.category_id) ?? []), r.id]);
  for (const [from, ids] of byCategory) {
    const old = scope(from);
    const lost = [...target].filter(([b, p]) => p.id !== 0 && old.get(b)?.id !== p.id).map(([b]) => b);
    if (lost.length) await tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('offer_id', 'in', ids).where('base_id', 'in', lost).execute();
  }
  await tx.updateTable('offers').set({ category_id: categoryId, cat_path: categoryPath(tree, categoryId), owner_fields: withField('categoryId'), updated_at: stamp }).where('store_id', '=', storeId).where('id', 'in', rows.map((r) => r.id)).execute();
}
