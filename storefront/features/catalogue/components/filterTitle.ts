import { hasText, type TFunction } from '../../../lib/i18n';
import { PRICE_BASE_ID, type FilterParam } from '../filtersSlice';

/** A filter's title: the common ones (price, shop, warranty) are translated, the owner's show their name and unit. */
export function filterTitle(p: FilterParam, t: TFunction): string {
  if (p.userId === '0' || p.baseId === PRICE_BASE_ID) {
    const key = p.baseId === PRICE_BASE_ID ? 'filters.price' : `filters.${p.name}`;
    if (hasText(key)) return t(key);
  }
  return p.unit ? `${p.name}, ${p.unit}` : p.name;
}

