/**
 * Where the header's back arrow goes when there is no in-app history (a deep link): one level up.
 * item → its list; list → the category page (a leaf's list → the parent category: `isLeafPath` tells leaves); category → its parent; info pages → the catalogue;
 * an order → /my_orders; its question → the order.
 */
export function parentOf(pathname: string, isLeafPath: (categoryPath: string) => boolean = () => false): string {
  const p = pathname.replace(/\/+$/, '');
  let m = /^\/category\/([^/]+)\/item\/[^/]+$/.exec(p);
  if (m) return `/category/${m[1]}/1`;
  // A leaf has no page of its own (/category/{leaf} shows its list): its list goes up to the parent category.
  m = /^\/category\/([^/]+)\/\d+$/.exec(p);
  if (m) return isLeafPath(m[1]) ? categoryParent(m[1]) : `/category/${m[1]}`;
  m = /^\/category\/([^/]+)$/.exec(p);
  if (m) return categoryParent(m[1]);
  m = /^\/filters\/([^/]+)(\/[^/]+)?$/.exec(p);
  if (m) return m[2] ? `/filters/${m[1]}` : `/category/${m[1]}/1`;
  // A customer's order → their orders; its question form → the order.
  m = /^\/order\/(\d+)(\/review)?$/.exec(p);
  if (m) return m[2] ? `/order/${m[1]}` : '/my_orders';
  return '/';
}

/** The category page one level above a category path (the root's is the root). */
function categoryParent(path: string): string {
  const ids = path.split('-');
  return ids.length > 1 ? `/category/${ids.slice(0, -1).join('-')}` : '/category/0';
}

/** The catalogue's root page: no back arrow there. */
export const isRootPage = (pathname: string) => pathname === '/' || pathname === '/category/0' || pathname === '/category/0/';
