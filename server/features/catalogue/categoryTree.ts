import type { Db } from '../../db/types';
import { cachedByVersion } from '../../db/catalogueVersion';
import { chain, loadTree, type CategoryTree } from '../../db/categoryPath';

/** The store's category tree, loaded once per catalogue version (db/catalogueVersion.ts). */
export function categoryTree(db: Db, storeId: number): Promise<CategoryTree> {
  return cachedByVersion(db, storeId, 'tree', () => loadTree(db, storeId));
}

/** The owner's tree: the hidden categories too, each node's `hidden` set. */
export function ownerCategoryTree(db: Db, storeId: number): Promise<CategoryTree> {
  return cachedByVersion(db, storeId, 'ownerTree', () => loadTree(db, storeId, true));
}

/** The category and every category below it. */
export function descendants(tree: CategoryTree, id: string): string[] {
  // (A set, not the list's includes: a shop's filters ask for a top category's thousands on every request.)
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const c = stack.pop()!;
    if (seen.has(c)) continue;
    seen.add(c);
    stack.push(...(tree.byId.get(c)?.children ?? []));
  }
  return [...seen];
}

export const mainCategoryOf = (tree: CategoryTree, id: string) => chain(tree, id)[0] ?? id;
