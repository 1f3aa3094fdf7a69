/**
 * The storefront's route patterns with parameters, in one place: the routes (app/routes.tsx) render by them and
 * the parts that read the address outside their page (the title, the header's filter button) match them.
 */
export const PATHS = {
  category: '/category/:path',
  list: '/category/:path/:offset',
  item: '/category/:path/item/:itemId',
  search: '/search/word/:word',
  searchPage: '/search/word/:word/:offset',
} as const;
