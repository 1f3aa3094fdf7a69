import { useSelector } from 'react-redux';
import { Link, matchPath, useLocation } from '../../../lib/router';
import { PATHS } from '../../../app/paths';
import Icon from '../../../components/Icon';
import { useT } from '../../../lib/i18n';
import { selectFilterCount, selectListQuery } from '../filtersSlice';

/** The header's filter button: on category list pages only, with the number of applied filters. */
export default function FilterButton() {
  const t = useT();
  const { pathname } = useLocation();
  const m = matchPath(PATHS.list, pathname);
  const path = m && /^\d+$/.test(m.params.offset ?? '') ? (m.params.path ?? '') : '';
  const count = useSelector((s: Parameters<typeof selectFilterCount>[0]) => (path ? selectFilterCount(s, path) : 0));
  const sorted = useSelector((s: Parameters<typeof selectListQuery>[0]) => (path ? selectListQuery(s, path).sort !== 'default' : false));
  if (!path) return null;
  return (
    <Link to={`/filters/${path}`} className={count || sorted ? 'icon-button filter-button is-on' : 'icon-button filter-button'} aria-label={count ? t('header.filters_count', { n: count }) : t('header.filters')}>
      <Icon name="filter" />
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
