import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { hasText, useT, type TFunction } from '../../../lib/i18n';
import { DEFAULT_QUERY, isRange, paramsRequested, filtersReset, selectParams, type AppliedQuery, type FilterParam } from '../filtersSlice';
import { filterTitle } from './filterTitle';

/** What a chip says of one applied filter: its title and its value(s) ('…' until the category's filters are read). */
function filterLabel(baseId: string, raw: string, params: FilterParam[] | undefined, t: TFunction): string {
  const p = params?.find((x) => x.baseId === baseId);
  if (!p) return '…';
  const title = filterTitle(p, t);
  if (p.kind === 'bool') return title;
  if (p.kind === 'select') {
    const ids = raw.split('_');
    return `${title}: ${p.values.filter((v) => ids.includes(v.id)).map((v) => v.name).join(', ') || raw}`;
  }
  if (isRange(p.kind)) {
    const [from = '0', to = '0'] = raw.split('_');
    const parts = [from !== '0' ? `${t('filters.from')} ${from}` : '', to !== '0' ? `${t('filters.to')} ${to}` : ''].filter(Boolean);
    return `${title}: ${parts.join(' ')}`;
  }
  return `${title}: ${raw}`;
}

/**
 * The list's sort and filters as removable chips above its products (issue 36), with one to clear them all.
 * Shown only when the list is sorted or filtered, so a plain list's first screen is unchanged; its row
 * is drawn at once (with '…' for a filter until the category's filters are read), so nothing moves.
 */
export default function ListQueryChips({ path, categoryId, query }: { path: string; categoryId: string; query: AppliedQuery }) {
  const t = useT();
  const dispatch = useDispatch();
  const entries = Object.entries(query.filters);
  const params = useSelector((s: Parameters<typeof selectParams>[0]) => selectParams(s, categoryId))?.items;
  useEffect(() => {
    if (entries.length) dispatch(paramsRequested(categoryId));
  }, [entries.length, categoryId, dispatch]);
  if (query.sort === 'default' && !entries.length) return null;
  // The filter texts live in the later pages' chunk (main.tsx loads it before a sorted or filtered list hydrates).
  if (!hasText('filters.reset')) return null;
  const choose = (next: AppliedQuery) => dispatch(filtersReset({ path, categoryId, query: next }));
  const chip = (key: string, label: string, next: AppliedQuery) => (
    <li key={key}>
      <button type="button" className="chip chip--removable" aria-label={t('filters.remove', { name: label })} onClick={() => choose(next)}>
        {label}
        <span aria-hidden="true" className="chip__x">×</span>
      </button>
    </li>
  );
  return (
    <ul className="chips chips--query" aria-label={t('filters.applied')}>
      {query.sort !== 'default' && chip('sort', t(`filters.sorts.${query.sort}`), { ...query, sort: 'default' })}
      {entries.map(([baseId, raw]) => {
        const { [baseId]: _removed, ...rest } = query.filters;
        return chip(baseId, filterLabel(baseId, raw, params, t), { ...query, filters: rest });
      })}
      <li>
        <button type="button" className="chip chip--reset" onClick={() => choose(DEFAULT_QUERY)}>
          {t('filters.reset_all')}
        </button>
      </li>
    </ul>
  );
}
