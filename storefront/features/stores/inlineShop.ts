import type { Category } from '../../lib/categories';
import type { CategoriesPartial } from './shopSlice';
import type { Banner, StoreSettings } from '../../lib/types';

/**
 * The shop's first answers inlined by the server into index.html (server/app.ts): the api=stores,
 * api=offers_category and api=shop_banners answers of the Host's store in
 * `<script id="shop-data" type="application/json">`. The shop saga takes the first two instead of its
 * first calls and the catalogue saga the banners, each once; later loads (the retry button) ask the server
 * as usual.
 */
export interface InlineShop {
  stores?: StoreSettings[];
  offers_category?: Category[];
  shop_banners?: Banner[];
  /**
   * A server-rendered page inlines only the categories its first screen draws (the top level, the page's
   * path with its children, the chain of each category its state names: storefront/features/seo/firstScreen.ts);
   * the shop saga then asks for the whole list. `complete`: the categories whose children are all in it
   * ('0' the top level; those along the page's path).
   */
  offers_category_partial?: CategoriesPartial;
}

export const INLINE_SHOP_ID = 'shop-data';

let inline: InlineShop | null = null;

/** Reads the inlined answers from the page (main.tsx, before the store starts). */
export function readInlineShop(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): InlineShop | null {
  const el = doc?.getElementById(INLINE_SHOP_ID);
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as InlineShop;
    return Array.isArray(data?.stores) && Array.isArray(data?.offers_category) ? data : null;
  } catch {
    return null;
  }
}

/** The inline's partial mark, checked (null: the list is whole). */
export function partialOf(data: InlineShop | null): CategoriesPartial | null {
  const p = data?.offers_category_partial;
  return p && Array.isArray(p.complete) ? { complete: p.complete.map(String) } : null;
}

let banners: Banner[] | null = null;

export const setInlineShop = (data: InlineShop | null) => {
  inline = data;
  banners = Array.isArray(data?.shop_banners) ? data.shop_banners : null;
};

/** The inlined answers, handed out once. */
export function takeInlineShop(): InlineShop | null {
  const data = inline;
  inline = null;
  return data;
}

/**
 * The inlined banners (the catalogue's initial state). Read, not taken: Redux calls a reducer for its
 * initial state more than once while it checks the store's shape.
 */
export function inlineBanners(): Banner[] | null {
  return banners;
}
