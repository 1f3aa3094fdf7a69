import type { Category } from '../../lib/categories';
import type { StoreSettings } from '../../lib/types';

/**
 * The shop's first answers inlined by the server into index.html (server/app.ts): the api=stores and
 * api=offers_category answers of the Host's store in `<script id="shop-data" type="application/json">`.
 * The shop saga takes them instead of its first two calls, once; later loads (the retry button) ask the
 * server as usual.
 */
export interface InlineShop {
  stores?: StoreSettings[];
  offers_category?: Category[];
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

export const setInlineShop = (data: InlineShop | null) => {
  inline = data;
};

/** The inlined answers, handed out once. */
export function takeInlineShop(): InlineShop | null {
  const data = inline;
  inline = null;
  return data;
}
