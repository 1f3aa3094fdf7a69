import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import './breadcrumbs.css';

export interface Crumb {
  label: string;
  to?: string;
}

/** 'catalog' › ('all products') › each category › (vendor › name on the item page). The last crumb is the current page. */
export default function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const t = useT();
  if (!crumbs.length) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('catalog.breadcrumbs')}>
      <ol>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${i}-${c.label}`}>
              {c.to && !last ? <Link to={c.to}>{c.label}</Link> : <span aria-current={last ? 'page' : undefined}>{c.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The catalogue's crumbs for a category path: 'catalog' (the root), 'all products' on the root page of
 * narrow screens, then each category of the path.
 */
export function categoryCrumbs(
  path: string,
  names: (id: string) => string | undefined,
  opts: { narrow: boolean; t: (k: string) => string; /** Always add 'all products' at the root (the item page). */ always?: boolean },
): Crumb[] {
  const ids = path === '0' ? [] : path.split('-').filter(Boolean);
  const crumbs: Crumb[] = [{ label: opts.t('catalog.catalog'), to: '/category/0' }];
  if (!ids.length && (opts.narrow || opts.always)) crumbs.push({ label: opts.t('catalog.all_products'), to: '/category/0/1' });
  ids.forEach((id, i) => {
    const p = ids.slice(0, i + 1).join('-');
    crumbs.push({ label: names(id) ?? id, to: `/category/${p}` });
  });
  return crumbs;
}
