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
  /**
   * The list holds only some of the shop's categories: a server-rendered page inlines those its first screen
   * draws (server/features/seo/ssr.ts, features/seo/firstScreen.ts) and the app asks for the whole list
   * after it (features/stores/shopSaga.ts). A path missing from a partial tree is not known to be wrong yet
   * (pathState: 'pending').
   */
  partial: boolean;
  /**
   * In a partial tree, the categories whose sub-categories are all in it ('0': the top level): those along
   * the rendered page's path. Another category's children may be missing (only a chain passes through it).
   */
  complete: ReadonlySet<string>;
}

export const ROOT_PATH = '0';
export const PATH_SEPARATOR = '-';

/** Trees already built, per list and completeness (lists are immutable state: the server renders one shop's list many times). */
const built = new WeakMap<Category[], Map<readonly string[] | null, CategoryTree>>();

/** `complete`: the list is partial, and these are the categories whose children are all in it (see CategoryTree). */
export function buildTree(list: Category[], complete: readonly string[] | null = null): CategoryTree {
  let byComplete = built.get(list);
  if (!byComplete) built.set(list, (byComplete = new Map()));
  let tree = byComplete.get(complete);
  if (!tree) byComplete.set(complete, (tree = buildTreeNow(list, complete)));
  return tree;
}

function buildTreeNow(list: Category[], complete: readonly string[] | null): CategoryTree {
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
  return { byId, children, partial: complete !== null, complete: new Set(complete ?? []) };
}

export const splitPath = (path: string | undefined): string[] =>
  !path || path === ROOT_PATH ? [] : path.split(PATH_SEPARATOR).filter(Boolean);

export const joinPath = (ids: string[]) => (ids.length ? ids.join(PATH_SEPARATOR) : ROOT_PATH);

const WELL_FORMED = /^[\w.]+(-[\w.]+)*$/;

/** Whether each id of the path is a child of the one before it (the first a top-level category). */
export function isValidPath(tree: CategoryTree, path: string): boolean {
  if (path === ROOT_PATH) return true;
  if (!WELL_FORMED.test(path)) return false;
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

export type PathState = 'valid' | 'invalid' | 'pending';

/** Whether all the sub-categories of a category ('0': the top level) are in the tree. */
export const childrenKnown = (tree: CategoryTree, id: string) => !tree.partial || tree.complete.has(id) || (id !== ROOT_PATH && isLeaf(tree, id));

/**
 * What a page at a category path may do: 'valid' (the path is in the tree), 'invalid' (the page goes to
 * /404) or 'pending': the tree is partial (a server-rendered page's first screen) and a well-formed path is
 * not in it yet, so the page shows the loader until the whole list decides (components/PathPending). The
 * one rule every page with a category path in its address follows. `children`: the page draws the
 * sub-categories along the path (the category buttons, the sidebar, the chips), so it is pending too while
 * some of them may be missing (a category the page came to whose children the first screen did not need).
 */
export function pathState(tree: CategoryTree, path: string, { children = false }: { children?: boolean } = {}): PathState {
  if (isValidPath(tree, path)) {
    if (children && tree.partial && ![ROOT_PATH, ...splitPath(path)].every((id) => childrenKnown(tree, id))) return 'pending';
    return 'valid';
  }
  return tree.partial && WELL_FORMED.test(path) ? 'pending' : 'invalid';
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

/**
 * A category without sub-categories. The server's `end` flag when it gives one ('1' / '0'): a partial tree
 * lacks the children of the categories off the page's path, which are no leaves for that.
 */
export const isLeaf = (tree: CategoryTree, id: string) => {
  const c = tree.byId.get(id);
  if (c?.end === '1' || c?.end === '0') return c.end === '1';
  return childrenOf(tree, id).length === 0;
};
