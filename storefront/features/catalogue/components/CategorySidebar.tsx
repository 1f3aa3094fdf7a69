import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { childrenOf, splitPath, type CategoryTree } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';

/** The wide layout's category tree beside the product list, opened along the current path; `children` below it (the list's filters). */
export default function CategorySidebar({ tree, path, className, children }: { tree: CategoryTree; path: string; className?: string; children?: ReactNode }) {
  const t = useT();
  const open = splitPath(path);
  const level = (parentId: string, parentPath: string[], depth: number) => {
    const list = childrenOf(tree, parentId);
    if (!list.length) return null;
    return (
      <ul className={`category-tree category-tree--${Math.min(depth, 3)}`}>
        {list.map((c) => {
          const p = [...parentPath, c.categoryId];
          const active = open[depth] === c.categoryId;
          return (
            <li key={c.categoryId}>
              <Link to={`/category/${p.join('-')}/1`} className={active ? 'category-tree__link is-active' : 'category-tree__link'} aria-current={open.join('-') === p.join('-') ? 'page' : undefined}>
                {c.category}
              </Link>
              {active && level(c.categoryId, p, depth + 1)}
            </li>
          );
        })}
      </ul>
    );
  };
  return (
    <aside className={className ? `category-sidebar ${className}` : 'category-sidebar'}>
      <nav aria-label={t('catalog.categories')}>
        <Link to="/category/0/1" className={open.length ? 'category-tree__link category-tree__all' : 'category-tree__link category-tree__all is-active'}>
          {t('catalog.all_products')}
        </Link>
        {level('0', [], 0)}
      </nav>
      {children}
    </aside>
  );
}
