import type { Params } from '../../../dataProvider/apiClient';

/** Parameters of the catalogue's api= calls (the seed's keys). */
export type SortId = 'default' | 'increase' | 'descend' | 'discount' | 'date';
/** Products a page of a category list has (the server's PAGE_SIZE): a shorter page is the list's last. */
export const LIST_PAGE_SIZE = 20;

export const SORTS: SortId[] = ['default', 'increase', 'descend', 'discount', 'date'];

/** Active filters: base id → the value sent as filter[<baseId>] (select: ids joined by '_', bool: '1', range: 'from_to'). */
export type FilterValues = Record<string, string>;

/** api=offers, a page of a category: p[287_categoryId] (left out for the root '0'), offset, sort, filter[...]. */
export function categoryPageParams(categoryId: string, offset: number, sort: SortId = 'default', filters: FilterValues = {}): Params {
  const params: Params = { offset };
  if (categoryId && categoryId !== '0') params['p[287_categoryId]'] = categoryId;
  if (sort !== 'default') params.sort = JSON.stringify(sort);
  for (const [baseId, value] of Object.entries(filters)) if (value) params[`filter[${baseId}]`] = value;
  return params;
}

/** What a list is of; lists with the same key are the same list (kept for going back). A list opened at page N > 1 starts there (`@N`). */
export const listKeyOf = (categoryId: string, sort: SortId = 'default', filters: FilterValues = {}, first = 1) =>
  `c:${categoryId}|${sort}|${Object.keys(filters)
    .sort()
    .filter((k) => filters[k])
    .map((k) => `${k}=${filters[k]}`)
    .join('&')}${first > 1 ? `@${first}` : ''}`;

/** api=offers_params of a category: its own filters, its parents' and the common ones. */
export const paramsParams = (categoryId: string): Params => ({ 'p[389_category_id]': categoryId || '0' });
