/**
 * The pages whose texts load with them (i18n/storefront/pages), by route pattern, and the text each is titled by,
 * `{number}` being the order's: the server writes `<name> — <shop>` into the page (seo.ts), and the page sets the
 * same once its texts are in (storefront/features/seo/laterPageTitle.ts); the first screen carries none of it
 * (a module of its own: in i18n/index.ts the table went into the storefront's first bundle).
 */
export const LATER_PAGE_TITLES: Record<string, string> = {
  '/order': 'checkout.title',
  '/order/:orderId': 'account.order_title',
  '/order/:orderId/review': 'account.review.title',
  '/map': 'map.title',
  '/filters/:path': 'filters.title',
  '/filters/:path/:filterId': 'filters.title',
};

/** The later page (LATER_PAGE_TITLES) a decoded path is, with its order's number (the first parameter), or null. */
export function laterPageOf(pathname: string): { pattern: string; key: string; number: string } | null {
  for (const [pattern, key] of Object.entries(LATER_PAGE_TITLES)) {
    const m = new RegExp(`^${pattern.replace(/:\w+/g, '([^/]+)')}/?$`).exec(pathname);
    if (m) return { pattern, key, number: m[1] ?? '' };
  }
  return null;
}
