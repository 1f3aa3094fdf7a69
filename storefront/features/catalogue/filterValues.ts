import type { FilterValues } from './catalogueApi';
import { isRange, type DraftValue, type FilterParam } from './filtersSlice';

/** The filter pages' values: what a range input keeps, and the draft as the api's filter values (loaded with those pages). */
/** Keeps what a range input may hold: digits only (and one decimal separator for float). */
export function cleanRange(value: string, kind: string): string {
  if (kind !== 'float') return value.replace(/\D/g, '').slice(0, 12);
  const v = value.replace(',', '.').replace(/[^\d.]/g, '');
  const [int, ...rest] = v.split('.');
  return (rest.length ? `${int}.${rest.join('')}` : int).slice(0, 12);
}

/** The draft's values as the api's filter[<baseId>] values. A range counts only when it differs from the defaults; an empty bound is sent as 0. */
export function encodeFilters(params: FilterParam[], values: Record<string, DraftValue>): FilterValues {
  const out: FilterValues = {};
  for (const p of params) {
    const v = values[p.baseId];
    if (v === undefined) continue;
    if (p.kind === 'select' && Array.isArray(v) && v.length) out[p.baseId] = v.join('_');
    else if (p.kind === 'bool' && v === true) out[p.baseId] = '1';
    else if (isRange(p.kind) && typeof v === 'object' && !Array.isArray(v)) {
      const from = v.from.trim();
      const to = v.to.trim();
      const sameFrom = from === '' || Number(from) === Number(p.defaultFrom ?? NaN);
      const sameTo = to === '' || Number(to) === Number(p.defaultTo ?? NaN);
      if (!(sameFrom && sameTo) && (from || to)) out[p.baseId] = `${from || 0}_${to || 0}`;
    } else if ((p.kind === 'varchar' || p.kind === 'textarea') && typeof v === 'string' && v.trim()) out[p.baseId] = v.trim();
  }
  return out;
}
