/**
 * The category tree from api=offers_category's flat list, and category paths: the ids from a top-level
 * category down, joined by '-' ('1-13-131'). The catalogue root (all top-level categories, all products)
 * has the path '0'.
 */
export interface Category {
  categoryId: string;
  category: string;
  subId: string;
  picture?: string | null;
  sort?: number | string;
  shopId?: string;
  end?: string;
}

export interface CategoryTree {
  byId: Map<string, Category>;
  children: Map<string, Category[]>;
}

export const ROOT_PATH = '0';
export const PATH_SEPARATOR = '-';

export function buildTree(list: Category[]): CategoryTree {
  const byId = new Map<string, Category>();
  const children = new Map<string, Category[]>();
  for (const c of list) byId.set(String(c.categoryId), c);
  for (const c of list) {
    const parent = !c.subId || !byId.has(String(c.subId)) ? '0' : String(c.subId);
    const arr = children.get(parent) ?? [];
    arr.push(c);
    children.set(parent, arr);
  }
  const order = (a: Category, b: Category) => Number(a.sort ?? 0) - Number(b.sort ?? 0);
  for (const arr of children.values()) arr.sort(order);
  return { byId, children };
}

export const splitPath = (path: string | undefined): string[] =>
  !path || path === ROOT_PATH ? [] : path.split(PATH_SEPARATOR).filter(Boolean);

export const joinPath = (ids: string[]) => (ids.length ? ids.join(PATH_SEPARATOR) : ROOT_PATH);

/** Whether each id of the path is a child of the one before it (the first a top-level category). */
export function isValidPath(tree: CategoryTree, path: string): boolean {
  if (path === ROOT_PATH) return true;
  if (!/^[\w.]+(-[\w.]+)*$/.test(path)) return false;
  let parent = '0';
  for (const id of splitPath(path)) {
    const c = tree.byId.get(id);
    if (!c) return false;
    const p = !c.subId || !tree.byId.has(String(c.subId)) ? '0' : String(c.subId);
    if (p !== parent) return false;
    parent = id;
  }
  return true;
}

/** The path of a category: its ancestors' ids and its own. */
export function pathOf(tree: CategoryTree, categoryId: string): string {
  const ids: string[] = [];
  let cur = tree.byId.get(String(categoryId));
  const seen = new Set<string>();
  while (cur && !seen.has(cur.categoryId)) {
    seen.add(cur.categoryId);
    ids.unshift(cur.categoryId);
    cur = cur.subId ? tree.byId.get(String(cur.subId)) : undefined;
  }
  return joinPath(ids);
}

/** The category the path ends in ('0' for the root). */
export const lastId = (path: string) => splitPath(path).at(-1) ?? '0';

export const childrenOf = (tree: CategoryTree, id: string) => tree.children.get(id) ?? [];

export const isLeaf = (tree: CategoryTree, id: string) => {
  const c = tree.byId.get(id);
  return c?.end === '1' || childrenOf(tree, id).length === 0;
};
