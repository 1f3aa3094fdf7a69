/**
 * Which param a feed's param name means on an offer, and the use of the names that mean none yet (their
 * slots are planned once the whole feed is read: importParams.ts, paramSlots.ts). Pure, so that the import
 * worker counts the names while the main thread writes (importWorker.ts); both build it from the same
 * snapshot of the shop's params and category parents, taken once the feed's categories are written.
 */
import { ROOT_CATEGORY_ID } from '../../../schemas';
import { ancestry } from '../catalogue/ancestry';
import type { ParamInfo } from '../catalogue/params';
import type { NameUse } from './paramSlots';
import type { YmlParam } from './parseYml';

/** A new name's use: by how many offers of each category, its first spelling and unit, up to 10 000 values. */
export type NameStats = NameUse & { name: string; unit?: string; values: string[] };

/** What ParamNames is built from (sent to the worker as is). */
export interface ParamSnapshot {
  existing: ParamInfo[];
  parents: Map<string, string>;
}

export class ParamNames {
  /** New names (not found on their offers' paths) with their use, in feed order. */
  readonly seen = new Map<string, NameStats>();
  readonly named = new Map<string, ParamInfo[]>();
  /** What a name (lower case) means per category, as resolved so far: by category, then by name. */
  private readonly resolved = new Map<string, Map<string, ParamInfo | null>>();
  readonly existing: ParamInfo[];
  readonly parents: Map<string, string>;

  constructor(snapshot: ParamSnapshot) {
    this.existing = snapshot.existing;
    this.parents = snapshot.parents;
    for (const p of this.existing) this.named.set(p.name.toLowerCase(), [...(this.named.get(p.name.toLowerCase()) ?? []), p]);
  }

  /** The param a name means on an offer of a category: the deepest of that name on the category's path. */
  resolve(key: string, categoryId: string): ParamInfo | null {
    let byName = this.resolved.get(categoryId);
    if (!byName) this.resolved.set(categoryId, (byName = new Map()));
    let hit = byName.get(key);
    if (hit !== undefined) return hit;
    hit = null;
    const list = this.named.get(key);
    if (list) {
      for (const c of [...ancestry(this.parents, categoryId), ROOT_CATEGORY_ID]) {
        hit = list.find((p) => p.categoryId === c) ?? null;
        if (hit) break;
      }
    }
    byName.set(key, hit);
    return hit;
  }

  /** Sets what a name means on a category (a param the plan created for its offers). */
  settle(key: string, categoryId: string, param: ParamInfo): void {
    let byName = this.resolved.get(categoryId);
    if (!byName) this.resolved.set(categoryId, (byName = new Map()));
    byName.set(key, param);
  }

  /**
   * The base ids an offer's params would be written under, when every name already means a param on the
   * offer's category path; null when one is new or display-only (the offer then cannot skip the plan).
   */
  resolvedBaseIds(categoryId: string, params: YmlParam[]): Set<number> | null {
    const ids = new Set<number>();
    for (const v of params) {
      const p = this.resolve(v.name.toLowerCase(), categoryId);
      if (!p) return null;
      ids.add(p.baseId);
    }
    return ids;
  }

  /** Counts an offer's names that mean no param yet (once per offer), for the plan. */
  count(categoryId: string, params: YmlParam[]): void {
    let once: Set<string> | null = null;
    for (const v of params) {
      const key = v.name.toLowerCase();
      if (once?.has(key) || this.resolve(key, categoryId)) continue;
      (once ??= new Set()).add(key);
      let s = this.seen.get(key);
      if (!s) this.seen.set(key, (s = { name: v.name, unit: v.unit, values: [], byCategory: new Map(), offers: 0 }));
      if (s.values.length < 10_000) s.values.push(v.value);
      s.byCategory.set(categoryId, (s.byCategory.get(categoryId) ?? 0) + 1);
      s.offers++;
    }
  }
}
