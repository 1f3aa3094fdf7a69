/**
 * The seed's apps shared links as `{origin}/#/category/{path}/item/{id}` (the native apps still do). The hash
 * never reaches the server, so the storefront turns it into the real path before its router starts:
 * `/#/category/1-2/item/7` → `/category/1-2/item/7`. Other hashes (an anchor) are left alone.
 */
export function legacyHashPath(hash: string): string | null {
  const m = /^#!?(\/(?:category|product|search|about_company|delivery|payment|contacts|cart|order|my_orders|favourites|map)(?:[/?].*)?)$/.exec(hash);
  return m ? m[1] : null;
}

/** The language a link asks for (`?lang=en`, the hreflang alternates of the server's pages). */
export function langFromSearch(search: string): string | null {
  return new URLSearchParams(search).get('lang');
}
