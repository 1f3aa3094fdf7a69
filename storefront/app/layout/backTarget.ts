/**
 * Where the header's back arrow goes when there is no in-app history (a deep link): one level up.
 * item → its list; list → the category page; category → its parent; info pages → the catalogue;
 * an order → /my_orders; its question → the order.
 */
export function parentOf(pathname: string): string {
  const p = pathname.replace(/\/+$/, '');
  let m = /^\/category\/([^/]+)\/item\/[^/]+$/.exec(p);
  if (m) return `/category/${m[1]}/1`;
  m = /^\/category\/([^/]+)\/\d+$/.exec(p);
  if (m) return `/category/${m[1]}`;
  m = /^\/category\/([^/]+)$/.exec(p);
  if (m) {
    const ids = m[1].split('-');
    return ids.length > 1 ? `/category/${ids.slice(0, -1).join('-')}` : '/category/0';
  }
  m = /^\/filters\/([^/]+)(\/[^/]+)?$/.exec(p);
  if (m) return m[2] ? `/filters/${m[1]}` : `/category/${m[1]}/1`;
  // A customer's order → their orders; its question form → the order.
  m = /^\/order\/(\d+)(\/review)?$/.exec(p);
  if (m) return m[2] ? `/order/${m[1]}` : '/my_orders';
  return '/';
}

/** The catalogue's root page: no back arrow there. */
export const isRootPage = (pathname: string) => pathname === '/' || pathname === '/category/0' || pathname === '/category/0/';
