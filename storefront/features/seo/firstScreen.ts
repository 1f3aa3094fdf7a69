import { splitPath, type Category } from '../../lib/categories';

/**
 * The categories a server-rendered page's first screen draws, of the shop's whole list (api=offers_category's
 * form, parents before children): the top level (the category buttons of the home, the wide sidebar), every
 * category along the page's path with its children (the sidebar opened along it, the sub-category buttons and
 * chips, the breadcrumbs) and the chain of each category the page's state names (`named`: a search result's
 * card and the item link by their category's path, lib/categories pathOf). Only these go into #shop-data,
 * marked partial (server/features/stores/indexInline.ts); the page is rendered with them, so the HTML is
 * what the browser hydrates with, and the app asks for the whole list after hydration (features/stores/shopSaga.ts).
 * `complete`: the categories whose children are all among them ('0' and the path's), so the app knows which
 * other category pages must wait for the whole list (lib/categories pathState).
 *
 * A list's cards are in `named` too (entry-server.tsx): each links to its product's one address, under its own
 * category's path (up to 20 chains; a big shop's root list adds a few dozen categories).
 */
export function firstScreenCategories(list: Category[], path: string, named: unknown): { categories: Category[]; complete: string[] } {
  const { byId, parents, children } = indexOf(list);
  const parentOf = (c: Category) => parents.get(c)!;
  const keep = new Set<string>(children.get('0') ?? []);
  // The categories whose children are all kept: the top level's parent and each one along the path.
  const complete = ['0'];
  // A category and its ancestors (a cycle in bad data ends at the first repeat).
  const chained = new Set<string>();
  const addChain = (id: string) => {
    for (let c = byId.get(id); c && !chained.has(String(c.categoryId)); c = byId.get(parentOf(c))) {
      chained.add(String(c.categoryId));
      keep.add(String(c.categoryId));
    }
  };
  for (const id of splitPath(path)) {
    if (!byId.has(id)) continue;
    addChain(id);
    complete.push(id);
    for (const child of children.get(id) ?? []) keep.add(child);
  }
  const walk = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 8) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      if (k === 'categoryId' && (typeof x === 'string' || typeof x === 'number')) addChain(String(x));
      else walk(x, depth + 1);
    }
  };
  walk(named, 0);
  return { categories: list.filter((c) => keep.has(String(c.categoryId))), complete };
}

interface ListIndex {
  byId: Map<string, Category>;
  parents: Map<Category, string>;
  children: Map<string, string[]>;
}

/** A list's index, made once per list: the server renders every page of a shop with the same list (a big shop's, 1,000 and more). */
const indexes = new WeakMap<Category[], ListIndex>();
function indexOf(list: Category[]): ListIndex {
  let index = indexes.get(list);
  if (index) return index;
  const byId = new Map(list.map((c) => [String(c.categoryId), c]));
  const parents = new Map<Category, string>();
  const children = new Map<string, string[]>();
  for (const c of list) {
    const p = c.subId && byId.has(String(c.subId)) && String(c.subId) !== String(c.categoryId) ? String(c.subId) : '0';
    parents.set(c, p);
    const arr = children.get(p);
    if (arr) arr.push(String(c.categoryId));
    else children.set(p, [String(c.categoryId)]);
  }
  indexes.set(list, (index = { byId, parents, children }));
  return index;
}
