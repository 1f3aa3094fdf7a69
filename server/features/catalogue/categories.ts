import { ROOT_CATEGORY_ID, categorySchema, fromRow, toApiObject, toRow } from '../../../schemas';
import { lockStore } from '../../db/database';
import type { Db, Executor } from '../../db/types';
import { badRequest, notFound } from '../../errors';
import { rebaseMovedParams } from './params';
import { bumpCatalogue, cachedByVersion } from '../../db/catalogueVersion';
import { foldGroups } from '../../db/offerGroups';
import { categoryTree, descendants } from './categoryTree';
import { loadTree, repathOffers, type CategoryNode, type CategoryTree } from '../../db/categoryPath';
import { hideBranch, showCategories } from './categoryVisibility';

/** Every category as api=offers_category sends it, built once per catalogue version. */
export function categoryList(db: Db, storeId: number) {
  return cachedByVersion(db, storeId, 'categoryList', async () => listCategories(await categoryTree(db, storeId), storeId));
}

export function categoryToApi(node: CategoryNode, storeId: number) {
  const values = fromRow(categorySchema, { id: node.id, parent_id: node.parentId, name: node.name, sort: node.sort, data: node.data, hidden: node.hidden });
  // (`hidden` only in the owner's tree: shoppers' answers have no hidden category to mark.)
  if (node.hidden === undefined) delete values.hidden;
  return { ...toApiObject(categorySchema, values), shopId: String(storeId), end: node.children.length === 0 ? '1' : '0' };
}

/** Every category of the store, parents before children, in their sort order. */
export function listCategories(tree: CategoryTree, storeId: number) {
  const out: ReturnType<typeof categoryToApi>[] = [];
  const walk = (ids: string[]) => {
    for (const id of ids) {
      const n = tree.byId.get(id)!;
      out.push(categoryToApi(n, storeId));
      walk(n.children);
    }
  };
  walk(tree.roots);
  return out;
}

/**
 * Creates or updates a category; the parent (hidden or not) must exist and may not be the category itself or
 * below it. `hidden` hides or shows it with its branch (categoryVisibility.ts); a visible one saved under a
 * hidden parent shows the parents.
 */
export async function saveCategory(db: Db, storeId: number, id: string | null, values: Record<string, unknown>) {
  const tree = await loadTree(db, storeId, true);
  if (id !== null && !tree.byId.has(id)) throw notFound();
  const parent = (values.subId as string | undefined) ?? (id ? tree.byId.get(id)!.parentId : ROOT_CATEGORY_ID);
  if (parent !== ROOT_CATEGORY_ID && !tree.byId.has(parent)) throw badRequest('invalid_input', 'Unknown parent category', ['subId']);
  if (id !== null && descendants(tree, id).includes(parent)) throw badRequest('invalid_input', 'A category cannot be inside itself', ['subId']);
  const { hidden, ...fields } = values;
  const { columns, data } = toRow(categorySchema, { ...fields, subId: parent });
  let newId = id;
  await db.transaction().execute(async (tx) => {
    if (id === null) {
      await lockStore(tx, storeId);
      newId = await nextCategoryId(tx, storeId);
      await tx
        .insertInto('categories')
        .values({ store_id: storeId, id: newId, parent_id: parent, name: String(columns.name ?? ''), sort: Number(columns.sort ?? 0), data: JSON.stringify(data) })
        .execute();
    } else {
      const old = JSON.parse(tree.byId.get(id)!.data || '{}');
      await tx
        .updateTable('categories')
        .set({ ...(columns as object), data: JSON.stringify({ ...old, ...data }) })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .execute();
      // A move changes the path of every offer below the category, and may bring its params onto a path
      // whose params use the same base ids.
      if (parent !== tree.byId.get(id)!.parentId) {
        await lockStore(tx, storeId);
        await rebaseMovedParams(tx, storeId, id);
        await repathOffers(tx, storeId, descendants(tree, id));
      }
    }
    if (hidden === true) await hideBranch(tx, storeId, newId!);
    // Shown by this save: with the branch below it. Saved visible: its parents show (a save of a visible one
    // keeps the sub-categories hidden below it as they are; a hidden one saved as it is stays hidden).
    else if (hidden === false) await showCategories(tx, storeId, [newId!], true);
    else if (id === null || !tree.byId.get(id)!.hidden) await showCategories(tx, storeId, [parent]);
    await bumpCatalogue(tx, storeId);
  });
  return newId!;
}

async function nextCategoryId(db: Executor, storeId: number): Promise<string> {
  const ids = await db.selectFrom('categories').select('id').where('store_id', '=', storeId).execute();
  const max = ids.reduce((m, r) => (/^\d+$/.test(r.id) ? Math.max(m, Number(r.id)) : m), 0);
  return String(max + 1);
}

/** Deletes a category, the categories below it, and (softly) all their products. */
export async function deleteCategory(db: Db, storeId: number, id: string) {
  const tree = await loadTree(db, storeId, true);
  if (!tree.byId.has(id)) throw notFound();
  const ids = descendants(tree, id);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('offers').set({ deleted: 1, updated_at: new Date().toISOString() }).where('store_id', '=', storeId).where('category_id', 'in', ids).execute();
    await foldGroups(tx, storeId);
    await tx.deleteFrom('categories').where('store_id', '=', storeId).where('id', 'in', ids).execute();
    // Their filters as read and their change marks (categoryFilters.ts, catalogueVersion.ts): nothing asks for them
    // again, and no later shape replaces them.
    await tx.deleteFrom('category_uses').where('store_id', '=', storeId).where('category_id', 'in', ids).execute();
    await tx.deleteFrom('category_changes').where('store_id', '=', storeId).where('category_id', 'in', ids).execute();
    await bumpCatalogue(tx, storeId);
  });
  return ids;
}
