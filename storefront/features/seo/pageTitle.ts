import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { OWN_PAGE_TITLES } from '../../../i18n';
import { useLocation, useMatch } from '../../lib/router';
import { PATHS } from '../../app/paths';
import type { RootState } from '../../app/store';
import { lastId } from '../../lib/categories';
import { useT } from '../../lib/i18n';
import { INFO_PAGES } from '../info/public';
import { selectCategoryTree } from '../stores/public';

/** The name a page's title leads with, as the server writes it (server/features/seo/seo.ts); null: a page still loading, or one that titles itself. */
function usePageName(pathname: string): string | null {
  const t = useT();
  // The routes' own patterns, matched as the router matches them (decoded).
  const item = useMatch(PATHS.item)?.params.itemId;
  const category = useMatch(PATHS.category);
  const listPage = useMatch(PATHS.list);
  const list = (category ?? listPage)?.params.path;
  const search = useMatch(PATHS.search);
  const searchPage = useMatch(PATHS.searchPage);
  const word = (search ?? searchPage)?.params.word;
  const info = INFO_PAGES.find((p) => pathname === `/${p}`);
  // The item slice is a lazy feature's: absent until the item page's chunk is in.
  const itemName = useSelector((s: RootState) => (item ? ((s as Partial<RootState>).item?.byId[item]?.item?.name ?? null) : null));
  const categoryName = useSelector((s: RootState) => {
    if (!list) return null;
    const id = lastId(list);
    return id === '0' ? t('catalog.catalog') : (selectCategoryTree(s).byId.get(id)?.category ?? null);
  });
  if (item) return itemName;
  // A later page of a list says which (its own title, as the server writes it).
  const pageNo = Number(listPage?.params.offset);
  if (list) return categoryName && pageNo > 1 ? `${categoryName} — ${t('catalog.page_n', { page: pageNo })}` : categoryName;
  if (word !== undefined) return t('search.title', { word });
  if (info) return t(`menu.${info}`);
  if (pathname === '/404') return t('common.page_not_found');
  const own = pathname.slice(1) as keyof typeof OWN_PAGE_TITLES;
  if (Object.hasOwn(OWN_PAGE_TITLES, own)) return t(OWN_PAGE_TITLES[own]);
  return null;
}

/**
 * The document's title follows the page the app shows: `<name> — <shop>` on item, list, search, info, 404 and
 * the shopper's own pages (cart, favourites, orders, sign-in), as the server writes it
 * into each page's HTML. A hydrated page keeps the server's title (the same text); before this, the app wrote
 * the shop's name over every product's title.
 */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  const shopName = useSelector((s: RootState) => String(s.shop.store?.title || s.shop.store?.name || ''));
  const name = usePageName(pathname);
  // An item's own title for search engines (the item editor's SEO section) is the whole title, as the server writes it.
  const item = useMatch(PATHS.item)?.params.itemId;
  const seoTitle = useSelector((s: RootState) => (item ? String((s as Partial<RootState>).item?.byId[item]?.item?.seo_title ?? '').trim() : ''));
  useEffect(() => {
    // No name: a page still loading, or one that titles itself (laterPageTitle.ts): the title stays.
    if (shopName && (seoTitle || name)) document.title = seoTitle || `${name} — ${shopName}`;
  }, [name, shopName, seoTitle]);
}
