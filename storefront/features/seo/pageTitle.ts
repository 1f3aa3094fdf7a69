import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import type { RootState } from '../../app/store';
import { lastId } from '../../lib/categories';
import { useT } from '../../lib/i18n';
import { selectCategoryTree } from '../shop/shopSlice';

const INFO = /^\/(about_company|delivery|payment|contacts)$/;

/** The name a page's title leads with, as the server writes it (server/features/seo/seo.ts); null: the shop's name alone. */
function usePageName(pathname: string): string | null {
  const t = useT();
  const item = /^\/category\/[^/]+\/item\/([^/]+)$/.exec(pathname);
  const list = /^\/category\/([^/]+)(?:\/\d+)?$/.exec(pathname);
  const search = /^\/search\/word\/([^/]+)/.exec(pathname);
  const info = INFO.exec(pathname);
  // The item slice is a lazy feature's: absent until the item page's chunk is in.
  const itemName = useSelector((s: RootState) => (item ? ((s as Partial<RootState>).item?.byId[item[1]]?.item?.name ?? null) : null));
  const categoryName = useSelector((s: RootState) => {
    if (!list) return null;
    const id = lastId(list[1]);
    return id === '0' ? t('catalog.catalog') : (selectCategoryTree(s).byId.get(id)?.category ?? null);
  });
  if (item) return itemName;
  if (list) return categoryName;
  if (search) return t('search.title', { word: safeDecode(search[1]) });
  if (info) return t(`menu.${info[1]}`);
  if (pathname === '/404') return t('common.page_not_found');
  return null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The document's title follows the page the app shows: `<name> — <shop>` on item, list, search, info and 404
 * pages, the shop's name elsewhere, as the server writes it into each page's HTML. A hydrated page keeps the
 * server's title (the same text); before this, the app wrote the shop's name over every product's title.
 */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  const shopName = useSelector((s: RootState) => String(s.shop.store?.title || s.shop.store?.name || ''));
  const name = usePageName(pathname);
  useEffect(() => {
    if (!shopName) return;
    document.title = name ? `${name} — ${shopName}` : shopName;
  }, [name, shopName]);
}
