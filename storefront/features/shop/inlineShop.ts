import type { Category } from '../../lib/categories';
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
   * the shop saga then asks for the whole list.
   */
  offers_category_partial?: boolean;
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
