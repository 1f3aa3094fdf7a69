import type { Db } from '../../db/types';
import { cachedByVersion } from '../../db/catalogueVersion';
import { chain, loadTree, type CategoryTree } from '../../db/categoryPath';

/** The store's category tree, loaded once per catalogue version (db/catalogueVersion.ts). */
export function categoryTree(db: Db, storeId: number): Promise<CategoryTree> {
  return cachedByVersion(db, storeId, 'tree', () => loadTree(db, storeId));
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

export const mainCategoryOf = (tree: CategoryTree, id: string) => chain(tree, id)[0] ?? id;
