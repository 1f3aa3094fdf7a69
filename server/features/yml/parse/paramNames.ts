/**
 * Which param a feed's param name means on an offer, and the use of the names that mean none yet (their
 * slots are planned once the whole feed is read: importParams.ts, paramSlots.ts). Pure, so that the import
 * worker counts the names while the main thread writes (importWorker.ts); both build it from the same
 * snapshot of the shop's params and category parents, taken once the feed's categories are written.
 */
import { ROOT_CATEGORY_ID } from '../../../../schemas';
import { ancestry, type ParamInfo } from '../../catalogue/public';
import type { NameUse } from './paramSlots';
import type { YmlParam } from './types';

/** A new name's use: by how many offers of each category, its first spelling and unit, up to 10 000 values. */
export type NameStats = NameUse & { name: string; unit?: string; values: string[] };

/** What ParamNames is built from (sent to the worker as is). */
export interface ParamSnapshot {
  existing: ParamInfo[];
  parents: Map<string, string>;
}

/** A new name (lower case) being counted: NameStats with a counter per category, and the last offer counted. */
type Use = Omit<NameStats, 'byCategory'> & { byCategory: Map<string, { n: number }>; offer: number };
/** A name as the offers of a category spell it: its use and its count there (null: it means a param there). */
type Spelling = { use: Use; inCategory: { n: number } };

export class ParamNames {
  private readonly uses = new Map<string, Use>();
  /** By category, then by the name as the feed spells it: count reads two maps per param of a million offers. */
  private readonly spellings = new Map<string, Map<string, Spelling | null>>();
  private offerNo = 0;
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
    const offer = ++this.offerNo;
    let bySpelling = this.spellings.get(categoryId);
    if (!bySpelling) this.spellings.set(categoryId, (bySpelling = new Map()));
    for (const v of params) {
      let sp = bySpelling.get(v.name);
      if (sp === undefined) bySpelling.set(v.name, (sp = this.spell(categoryId, v)));
      if (!sp || sp.use.offer === offer) continue;
      const { use } = sp;
      use.offer = offer;
      if (use.values.length < 10_000) use.values.push(v.value);
      use.offers++;
      sp.inCategory.n++;
    }
  }

  /** What a spelling comes to on a category: null when it means a param there. */
  private spell(categoryId: string, v: YmlParam): Spelling | null {
    const key = v.name.toLowerCase();
    if (this.resolve(key, categoryId)) return null;
    let use = this.uses.get(key);
    if (!use) this.uses.set(key, (use = { name: v.name, unit: v.unit, values: [], offers: 0, byCategory: new Map(), offer: 0 }));
    let inCategory = use.byCategory.get(categoryId);
    if (!inCategory) use.byCategory.set(categoryId, (inCategory = { n: 0 }));
    return { use, inCategory };
  }

  /** New names (not found on their offers' paths) with their use, in feed order. */
  seen(): Map<string, NameStats> {
    const out = new Map<string, NameStats>();
    for (const [key, { name, unit, values, offers, byCategory }] of this.uses)
      out.set(key, { name, unit, values, offers, byCategory: new Map([...byCategory].map(([categoryId, { n }]) => [categoryId, n])) });
    return out;
  }
}
