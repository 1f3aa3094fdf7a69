import { ROOT_CATEGORY_ID, categorySchema, fromRow, toApiObject, toRow } from '../../../schemas';
import { lockStore } from '../../db/database';
import type { Db, Executor } from '../../db/types';
import { badRequest, notFound } from '../../errors';
import { rebaseMovedParams } from './params';
import { bumpCatalogue, cachedByVersion } from './version';

export interface CategoryNode {
  id: string;
  parentId: string;
  name: string;
  sort: number;
  data: string;
  children: string[];
}

export interface CategoryTree {
  byId: Map<string, CategoryNode>;
  roots: string[];
}

/** The store's category tree, loaded once per catalogue version (features/catalogue/version.ts). */
export function categoryTree(db: Db, storeId: number): Promise<CategoryTree> {
  return cachedByVersion(db, storeId, 'tree', () => loadTree(db, storeId));
}

/** Every category as api=offers_category sends it, built once per catalogue version. */
export function categoryList(db: Db, storeId: number) {
  return cachedByVersion(db, storeId, 'categoryList', async () => listCategories(await categoryTree(db, storeId), storeId));
}

export async function loadTree(db: Executor, storeId: number): Promise<CategoryTree> {
  const rows = await db.selectFrom('categories').selectAll().where('store_id', '=', storeId).where('hidden', '=', 0).orderBy('sort').orderBy('name').execute();
  const byId = new Map<string, CategoryNode>(rows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, name: r.name, sort: r.sort, data: r.data, children: [] }]));
  const roots: string[] = [];
  for (const n of byId.values()) {
    const parent = byId.get(n.parentId);
    if (parent && n.parentId !== n.id) parent.children.push(n.id);
    else roots.push(n.id);
  }
  return { byId, roots };
}

/** The category and every category below it. */
export function descendants(tree: CategoryTree, id: string): string[] {
  const out: string[] = [];
  const stack = [id];
  while (stack.length) {
    const c = stack.pop()!;
    if (out.includes(c)) continue;
    out.push(c);
    stack.push(...(tree.byId.get(c)?.children ?? []));
  }
  return out;
}

/** Ids from the top-level category down to this one. */
export function chain(tree: CategoryTree, id: string): string[] {
  const out: string[] = [];
  let c = tree.byId.get(id);
  while (c && !out.includes(c.id)) {
    out.unshift(c.id);
    c = tree.byId.get(c.parentId);
  }
  return out;
}

export const mainCategoryOf = (tree: CategoryTree, id: string) => chain(tree, id)[0] ?? id;

const pathPart = (id: string) => id.replace(/%/g, '%25').replace(/\//g, '%2F');

/**
 * What offers.cat_path holds for a category: its chain of ids in the visible tree, '/top/sub/leaf/' (a
 * category outside the visible tree, e.g. hidden by an import, is '/id/'). Every category below C has C's
 * path as a prefix, so C with its subtree is the range categoryRange(path).
 */
export function categoryPath(tree: CategoryTree, id: string): string {
  const ids = chain(tree, id);
  return `/${(ids.length ? ids : [id]).map(pathPart).join('/')}/`;
}

/** The byte range [from, to) of the paths starting with `path` (which ends with '/'; '0' follows '/'). */
export const categoryRange = (path: string): [string, string] => [path, `${path.slice(0, -1)}0`];

/**
 * Sets offers.cat_path from the visible tree for the offers of the given categories (all of the store's
 * categories, hidden ones included, when none are given); rows already right are not written.
 */
export async function repathOffers(db: Executor, storeId: number, categoryIds?: string[]) {
  const tree = await loadTree(db, storeId);
  const ids = categoryIds ?? (await db.selectFrom('categories').select('id').where('store_id', '=', storeId).execute()).map((r) => r.id);
  for (const id of ids) {
    const path = categoryPath(tree, id);
    await db.updateTable('offers').set({ cat_path: path }).where('store_id', '=', storeId).where('category_id', '=', id).where('cat_path', '<>', path).execute();
  }
}

export function categoryToApi(node: CategoryNode, storeId: number) {
  const values = fromRow(categorySchema, { id: node.id, parent_id: node.parentId, name: node.name, sort: node.sort, data: node.data });
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

/** Creates or updates a category; the parent must exist and may not be the category itself or below it. */
export async function saveCategory(db: Db, storeId: number, id: string | null, values: Record<string, unknown>) {
  const tree = await loadTree(db, storeId);
  if (id !== null && !tree.byId.has(id)) throw notFound();
  const parent = (values.subId as string | undefined) ?? (id ? tree.byId.get(id)!.parentId : ROOT_CATEGORY_ID);
  if (parent !== ROOT_CATEGORY_ID && !tree.byId.has(parent)) throw badRequest('invalid_input', 'Unknown parent category', ['subId']);
  if (id !== null && descendants(tree, id).includes(parent)) throw badRequest('invalid_input', 'A category cannot be inside itself', ['subId']);
  const { columns, data } = toRow(categorySchema, { ...values, subId: parent });
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
  const tree = await loadTree(db, storeId);
  if (!tree.byId.has(id)) throw notFound();
  const ids = descendants(tree, id);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('offers').set({ deleted: 1, updated_at: new Date().toISOString() }).where('store_id', '=', storeId).where('category_id', 'in', ids).execute();
    await tx.deleteFrom('categories').where('store_id', '=', storeId).where('id', 'in', ids).execute();
    await bumpCatalogue(tx, storeId);
  });
  return ids;
}
