/**
 * A category list's sort and filters in its address, so a reload, a shared link and a crawler see the same
 * list: `?sort=price_asc&f=283:100_500&f=12:3_4` (one `f` per filter, `<baseId>:<value>` with the api's
 * filter[baseId] value). The storefront writes and reads it (ProductListPage); the server renders the list
 * it names (features/seo). Unknown sorts and malformed filters are left out, never guessed.
 */
export type ListSort = 'default' | 'increase' | 'descend' | 'discount' | 'date';

/** The address's sort names (readable, stable) for the api's sort ids; the default has none. */
const SORT_NAMES: Record<Exclude<ListSort, 'default'>, string> = { increase: 'price_asc', descend: 'price_desc', discount: 'discount', date: 'date' };
const SORT_OF_NAME = new Map(Object.entries(SORT_NAMES).map(([id, name]) => [name, id as ListSort]));

export interface ListAddressQuery {
  sort: ListSort;
  /** baseId → the api's filter value. */
  filters: Record<string, string>;
}

const FILTER = /^(\d{1,9}):(.{1,200})$/s;

/** The sort and filters an address's query names (`search` with or without its '?'); null when it names neither. */
export function parseListAddress(search: string | URLSearchParams): ListAddressQuery | null {
  const q = typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : search;
  const sort = SORT_OF_NAME.get(q.get('sort') ?? '') ?? 'default';
  const filters: Record<string, string> = {};
  for (const f of q.getAll('f')) {
    const m = FILTER.exec(f);
    if (m && m[2].trim()) filters[String(Number(m[1]))] = m[2].trim();
  }
  return sort === 'default' && !Object.keys(filters).length ? null : { sort, filters };
}

/**
 * `search` (with or without '?') with its sort and filters replaced by `query`'s, the other parameters kept
 * (lang, utm_...); '' or '?...' as an address's search. Filters go in base id order (one address per list).
 */
export function listAddressSearch(search: string, query: ListAddressQuery | null): string {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  q.delete('sort');
  q.delete('f');
  if (query && query.sort !== 'default') q.append('sort', SORT_NAMES[query.sort]);
  if (query) {
    const ids = Object.keys(query.filters)
      .filter((k) => query.filters[k])
      .sort((a, b) => Number(a) - Number(b));
    for (const id of ids) q.append('f', `${id}:${query.filters[id]}`);
  }
  const out = q.toString();
  return out ? `?${out}` : '';
}
