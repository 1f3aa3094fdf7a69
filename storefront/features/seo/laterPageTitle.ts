import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { laterPageOf } from '../../../i18n/laterPages';
import { useLocation } from '../../lib/router';
import type { RootState } from '../../app/store';
import { useT } from '../../lib/i18n';

/**
 * The title of a page whose texts load with it (i18n LATER_PAGE_TITLES: checkout, an order, the map, the
 * filters), set by the page once it is drawn, as the server writes it; the app's title (pageTitle.ts) leaves
 * these pages alone, so the first screen carries none of their texts.
 */
export function useLaterPageTitle(): void {
  const { pathname } = useLocation();
  const t = useT();
  const shopName = useSelector((s: RootState) => String(s.shop.store?.title || s.shop.store?.name || ''));
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // (kept as written)
  }
  const page = laterPageOf(path);
  const title = page && shopName ? `${t(page.key, { number: page.number })} — ${shopName}` : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
