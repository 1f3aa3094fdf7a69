import type { ApiContext, Handler } from '../../api/context';
import { stemText, searchTerms, type SearchTerm } from '../../lib/searchText';
import { listOffers } from './offerList';
import { categoryTree } from './categoryTree';
import type { CategoryTree } from '../../db/categoryPath';

/** Products and categories a suggestion list shows at most. */
export const SUGGESTED_OFFERS = 6;
export const SUGGESTED_CATEGORIES = 4;

export interface Suggestion {
  kind: 'category' | 'offer';
  id: string;
  name: string;
  categoryId?: string;
  price?: string | number;
  thumb?: string | null;
}

/** Categories whose name holds every term (the last one as a word's start), in the tree's order. */
export function matchingCategories(tree: CategoryTree, terms: SearchTerm[], limit = SUGGESTED_CATEGORIES): Suggestion[] {
  const out: Suggestion[] = [];
  for (const node of tree.byId.values()) {
    const stems = stemText(node.name).split(' ');
    if (terms.every((t) => stems.some((s) => (t.prefix ? s.startsWith(t.stem) : s === t.stem)))) out.push({ kind: 'category', id: node.id, name: node.name });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * api=suggest (value: what is typed so far): `{"suggest": [categories…, products…], "corrected"?}`: the categories
 * whose names match and the first products of the search (name hits first; only those rows are read), corrected as a search is
 * (searchCorrection.ts: typos, the other layout, Latin for Russian). A public catalogue read: answers are
 * kept per catalogue version (api/responseCache.ts), so a prefix asked again costs a lookup.
 */
export const suggest: Handler = Object.assign(
  async (ctx: ApiContext) => {
    const value = (ctx.input.raw.value ?? '').trim().slice(0, 100);
    if (!searchTerms(value).length) return { suggest: [] };
    const offers = await listOffers(ctx.db, ctx.dialect, ctx.store.id, { page: 1, sort: 'default', filters: new Map(), word: value, includeHidden: false, limit: SUGGESTED_OFFERS });
    const terms = searchTerms(offers.corrected ?? value);
    const categories = matchingCategories(await categoryTree(ctx.db, ctx.store.id), terms);
    const products: Suggestion[] = offers.map((o) => ({
      kind: 'offer',
      id: String(o.id),
      name: String(o.name),
      categoryId: String(o.categoryId),
      price: o.price,
      thumb: o.thumb ?? null,
    }));
    return { suggest: [...categories, ...products], ...(offers.corrected ? { corrected: offers.corrected } : {}) };
  },
  { cacheable: () => true },
);
