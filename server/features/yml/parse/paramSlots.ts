import { ROOT_CATEGORY_ID } from '../../../../schemas';
import { SLOTS, ancestry, firstFree, type ParamInfo } from '../../catalogue/public';
import { commonCategory } from './commonCategory';

/** How a feed's param name is used: by how many offers of each category. */
export interface NameUse {
  offers: number;
  byCategory: Map<string, number>;
}

export interface PlannedParam {
  key: string;
  categoryId: string;
  baseId: number;
  /** The feed categories whose offers take their values of this name from it. */
  categories: string[];
}

export interface SlotPlan {
  created: PlannedParam[];
  /** `${key}\0${categoryId}`: the name stays a display-only property on that category's offers. */
  displayOnly: Set<string>;
}

/**
 * Places the feed's new param names (not found on their offers' category paths) in filter slots. A base id
 * is unique on every category path (features/catalogue/params.ts), so each category has 64 slots for the
 * params of its path. A name goes on the deepest category holding all its offers when it is used in at
 * least half of that category's feed categories (a filter there is worth a slot on all its paths); else,
 * or when that category has no free slot, it is split by branch and placed lower, down to each offer's own
 * category. Names are placed most used first; a category whose paths are full keeps the rest display-only.
 * A feed that fits in the shop's unused base ids keeps them unique: one param per name, in feed order.
 */
export function planSlots(existing: ParamInfo[], parents: Map<string, string>, uses: Map<string, NameUse>): SlotPlan {
  // at: base ids of the params of a category; below: base ids used in its subtree (itself included).
  const at = new Map<string, Set<number>>();
  const below = new Map<string, Set<number>>();
  const set = (m: Map<string, Set<number>>, k: string) => m.get(k) ?? m.set(k, new Set()).get(k)!;
  const take = (categoryId: string, baseId: number) => {
    set(at, categoryId).add(baseId);
    set(below, ROOT_CATEGORY_ID).add(baseId);
    if (categoryId !== ROOT_CATEGORY_ID) for (const a of ancestry(parents, categoryId)) set(below, a).add(baseId);
  };
  for (const p of existing) take(p.categoryId, p.baseId);
  const freeAt = (categoryId: string) => {
    const used = new Set(below.get(categoryId) ?? []);
    for (const b of at.get(ROOT_CATEGORY_ID) ?? []) used.add(b);
    if (categoryId !== ROOT_CATEGORY_ID) for (const a of ancestry(parents, categoryId)) for (const b of at.get(a) ?? []) used.add(b);
    return firstFree(used, below.get(ROOT_CATEGORY_ID));
  };
  // Feed categories (with offers using any param) under each category.
  const fed = new Map<string, number>();
  const feedCategories = new Set<string>();
  for (const u of uses.values()) for (const c of u.byCategory.keys()) feedCategories.add(c);
  for (const c of feedCategories) {
    fed.set(ROOT_CATEGORY_ID, (fed.get(ROOT_CATEGORY_ID) ?? 0) + 1);
    for (const a of ancestry(parents, c)) fed.set(a, (fed.get(a) ?? 0) + 1);
  }

  const created: PlannedParam[] = [];
  const displayOnly = new Set<string>();
  const place = (key: string, cats: string[], depth = 0) => {
    const x = commonCategory(parents, cats);
    const tryAt = (categories: string[]) => {
      const b = freeAt(x);
      if (b === null) return false;
      take(x, b);
      created.push({ key, categoryId: x, baseId: b, categories });
      return true;
    };
    const own = cats.includes(x);
    if ((own || cats.length * 2 >= (fed.get(x) ?? 1)) && tryAt(cats)) return;
    // Split by the branch below x; offers of x itself need a slot at x.
    const groups = new Map<string, string[]>();
    for (const c of cats) {
      if (c === x) continue;
      const up = ancestry(parents, c);
      const i = x === ROOT_CATEGORY_ID ? up.length - 1 : up.indexOf(x) - 1;
      const branch = i >= 0 && i < up.length ? up[i] : c;
      groups.set(branch, [...(groups.get(branch) ?? []), c]);
    }
    if (own) displayOnly.add(`${key}\u0000${x}`);
    for (const g of groups.values()) {
      // Each branch's common category is below x; a broken tree (a cycle) could not go lower.
      if (depth > 100 || (groups.size === 1 && g.length === cats.length)) for (const c of g) displayOnly.add(`${key}\u0000${c}`);
      else place(key, g, depth + 1);
    }
  };
  // While the shop has an unused base id for every new name, each name gets one, in feed order, on the
  // deepest category holding its offers (base ids stay unique shop-wide).
  const shopUsed = set(below, ROOT_CATEGORY_ID);
  if (uses.size <= SLOTS - shopUsed.size) {
    for (const [key, u] of uses) {
      const x = commonCategory(parents, u.byCategory.keys());
      const b = firstFree(shopUsed)!;
      take(x, b);
      created.push({ key, categoryId: x, baseId: b, categories: [...u.byCategory.keys()] });
    }
    return { created, displayOnly };
  }
  const ranked = [...uses].sort((a, b) => b[1].offers - a[1].offers || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [key, u] of ranked) place(key, [...u.byCategory.keys()]);
  return { created, displayOnly };
}
