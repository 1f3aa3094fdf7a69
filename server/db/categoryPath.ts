import type { Executor } from './types';

/*
 * What offers.cat_path holds (migration 2026112494): the category tree and the path of a category in it.
 * Here, below the features, because the migration that made the column fills it with the same code.
 */

export interface CategoryNode {
  id: string;
  parentId: string;
  name: string;
  sort: number;
  data: string;
  children: string[];
  /** Set only in the owner's tree, which has the hidden categories too. */
  hidden?: boolean;
}

export interface CategoryTree {
  byId: Map<string, CategoryNode>;
  roots: string[];
}

/** The tree shoppers see; `withHidden`: the owner's, with the hidden categories (each node's `hidden` set). */
export async function loadTree(db: Executor, storeId: number, withHidden = false): Promise<CategoryTree> {
  let query = db.selectFrom('categories').selectAll().where('store_id', '=', storeId);
  if (!withHidden) query = query.where('hidden', '=', 0);
  const rows = await query.orderBy('sort').orderBy('name').execute();
  const byId = new Map<string, CategoryNode>(
    rows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, name: r.name, sort: r.sort, data: r.data, children: [], ...(withHidden && { hidden: Number(r.hidden) !== 0 }) }]),
  );
  const roots: string[] = [];
  for (const n of byId.values()) {
    const parent = byId.get(n.parentId);
    if (parent && n.parentId !== n.id) parent.children.push(n.id);
    else roots.push(n.id);
  }
  return { byId, roots };
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
