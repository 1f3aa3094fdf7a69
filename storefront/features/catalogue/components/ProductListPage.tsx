import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { listAddressSearch, parseListAddress } from '../../../../schemas/rules/listAddress';
import { Link, Navigate, useLocation, useNavigate, useParams } from '../../../lib/router';
import Breadcrumbs, { categoryCrumbs } from '../../../components/Breadcrumbs';
import Later from '../../../components/Later';
import OwnerTools from '../../../components/OwnerTools';
import PathPending from '../../../components/PathPending';
import ProductList from '../../../components/ProductList';
import { useCategoryTree } from '../../../components/ShopContext';
import { childrenOf, lastId, pathOf, pathState, ROOT_PATH } from '../../../lib/categories';
import { loadPageTexts, useT } from '../../../lib/i18n';
import { useInteracted } from '../../../lib/firstInteraction';
import { useIsWide } from '../../../lib/layout';
import { rememberedScroll } from '../../../lib/scroll';
import type { OfferCard } from '../../../lib/types';
import { listKeyOf } from '../catalogueApi';
import { listOpened, listRetried, nextPageRequested, selectList, selectListStart } from '../catalogueSlice';
import { addressQuerySeen, DEFAULT_QUERY, selectAppliedQuery } from '../filtersSlice';
import Banners from './Banners';
import { categoryHref } from './CategoryButtons';
import CategorySidebar from './CategorySidebar';
import '../catalogue.css';

export const CATEGORY_PAGING_MS = 100;
/**
 * The wide list's filters: their chunk and the filter page's texts load on the reader's first move, after the
 * first screen (lib/firstInteraction). They are extra: a chunk that cannot come (offline) leaves them out, not the page.
 */
const FilterSidebar = lazy<ComponentType<{ path: string; categoryId: string }>>(() =>
  Promise.all([import('./FilterSidebar'), loadPageTexts()]).then(
    ([m]) => m,
    () => ({ default: () => null }),
  ),
);
/** Only a sorted or filtered list loads its chips (a plain list's first screen does not carry them). */
const ListQueryChips = lazy(() => import('./ListQueryChips'));
/** Rows kept rendered beyond the window on the category list (the seed's buffer of 2000). */
export const CATEGORY_BUFFER_PX = 2000;

/**
 * /category/{path}/{offset}: the paged product list of a category (and those below it). It starts at the
 * address's page (a kept list holding that page shows as it was: going back); further pages load near the
 * bottom and the address follows the last loaded page. The address also names the list's sort and filters
 * (?sort=&f=, schemas/rules/listAddress): a reload or a shared link shows the same list. The sort and filters
 * chosen here (the filter page) outweigh the address's, which then follows them. Real page links (earlier
 * and next page) let a crawler, or a reader without scrolling, page through; the server renders each page.
 */
export default function ProductListPage() {
  const t = useT();
  const { path = ROOT_PATH, offset = '1' } = useParams();
  const location = useLocation();
  const { tree } = useCategoryTree();
  const wide = useIsWide();
  const interacted = useInteracted();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const goodOffset = /^\d+$/.test(offset) && Number(offset) >= 1;
  const page = goodOffset ? Number(offset) : 1;
  // The sidebar opened along the path and the chips draw the children along it.
  const state = goodOffset ? pathState(tree, path, { children: true }) : 'invalid';
  const valid = state === 'valid';
  const categoryId = lastId(path);
  const chosen = useSelector((s: Parameters<typeof selectAppliedQuery>[0]) => selectAppliedQuery(s, path));
  const fromAddress = useMemo(() => parseListAddress(location.search), [location.search]);
  const { sort, filters } = chosen ?? fromAddress ?? DEFAULT_QUERY;
  const baseKey = listKeyOf(categoryId, sort, filters);
  const kept = useSelector((s: Parameters<typeof selectListStart>[0]) => selectListStart(s, baseKey, page));
  // After a reload of the tab the lists are gone from memory but not the scroll positions (sessionStorage): a
  // list the reader scrolled from page 1 down to this page loads again from page 1 and puts them back where
  // they were. Decided after hydration: the server rendered this page's own products.
  const [reread, setReread] = useState<string | null>(null);
  useEffect(() => {
    if (kept === page && page > 1 && (rememberedScroll(`list:${baseKey}`)?.pages ?? 0) >= page) setReread(baseKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per list, as it is opened
  }, [baseKey]);
  const start = reread === baseKey ? 1 : kept;
  const key = listKeyOf(categoryId, sort, filters, start);
  const query = useMemo(() => ({ key, categoryId, sort, filters, first: start }), [key, categoryId, sort, filters, start]);
  const list = useSelector((s: Parameters<typeof selectList>[0]) => selectList(s, key));
  const search = listAddressSearch(location.search, chosen ?? fromAddress);

  useEffect(() => {
    if (valid && !chosen && fromAddress) dispatch(addressQuerySeen({ path, query: fromAddress }));
  }, [valid, chosen, fromAddress, path, dispatch]);

  useEffect(() => {
    if (!valid) return;
    dispatch(listOpened(query));
  }, [valid, query, dispatch]);

  // The address follows the last loaded page and the list's sort and filters.
  const loadedOffset = list?.offset ?? 0;
  useEffect(() => {
    if (!valid) return;
    const want = loadedOffset >= start ? loadedOffset : page;
    if (want !== page || search !== location.search) navigate(`/category/${path}/${want}${search}`, { replace: true });
  }, [valid, loadedOffset, start, page, search, location.search, path, navigate]);

  const onNearEnd = useCallback(() => dispatch(nextPageRequested(query)), [dispatch, query]);
  const onRetry = useCallback(() => dispatch(listRetried(query)), [dispatch, query]);
  // Every link to a product is its one address: under its own category's path (the server's canonical).
  const hrefOf = useCallback((card: OfferCard) => `/category/${pathOf(tree, String(card.categoryId))}/item/${card.id}`, [tree]);

  if (state === 'pending') return <PathPending />;
  if (!valid) return <Navigate to="/404" replace />;
  // A page past the list's end has no page (the server answers it 404 too).
  if (list && list.status === 'idle' && list.empty && start > 1) return <Navigate to="/404" replace />;
  const category = tree.byId.get(categoryId);
  const title = category?.category ?? t('catalog.all_products');
  const subs = childrenOf(tree, categoryId);

  return (
    <div className={wide ? 'page page--list page--wide' : wide === null ? 'page page--list page--any' : 'page page--list'}>
      {wide !== false && (
        <CategorySidebar tree={tree} path={path} className={wide ? undefined : 'wide-only'}>
          {wide && interacted && (
            <Suspense fallback={null}>
              <FilterSidebar path={path} categoryId={categoryId} />
            </Suspense>
          )}
        </CategorySidebar>
      )}
      <div className="page__main">
        {wide !== null ? (
          <Breadcrumbs crumbs={categoryCrumbs(path, (i) => tree.byId.get(i)?.category, { narrow: !wide, t })} />
        ) : (
          <>
            <div className="narrow-only"><Breadcrumbs crumbs={categoryCrumbs(path, (i) => tree.byId.get(i)?.category, { narrow: true, t })} /></div>
            <div className="wide-only"><Breadcrumbs crumbs={categoryCrumbs(path, (i) => tree.byId.get(i)?.category, { narrow: false, t })} /></div>
          </>
        )}
        <h1 className="page__title">{title}</h1>
        <OwnerTools tools={['filters', 'edit_category', 'new_category', 'new_item']} path={path} />
        {path === ROOT_PATH && start === 1 && <Banners />}
        {wide !== false && subs.length > 0 && (
          <nav aria-label={t('catalog.categories')} className={wide ? undefined : 'wide-only'}>
            <ul className="chips">
              {subs.map((c) => (
                <li key={c.categoryId}>
                  <Link className="chip" to={categoryHref(tree, path, c).replace(/\/1$/, '') + '/1'}>
                    {c.category}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {(sort !== 'default' || Object.keys(filters).length > 0) && (
          <Suspense fallback={null}>
            <ListQueryChips path={path} categoryId={categoryId} query={{ sort, filters }} />
          </Suspense>
        )}
        {start > 1 && (
          <p className="pager pager--top">
            <Link className="pager__link" rel="prev" to={`/category/${path}/${start - 1}${search}`}>
              ← {t('catalog.prev_page')}
            </Link>
          </p>
        )}
        {/* The cards hydrate in a task of their own (components/Later); a list is several nodes, hence the box. */}
        <Later>
          <div className="contents">
            <ProductList
              items={list?.items ?? []}
              status={list?.status ?? 'loading'}
              error={list?.error ?? null}
              end={(list?.end ?? false) || !!list?.cached}
              empty={list?.empty ?? false}
              loaded={loadedOffset > 0}
              pages={loadedOffset > 0 ? loadedOffset - start + 1 : 0}
              hrefOf={hrefOf}
              onNearEnd={onNearEnd}
              onRetry={onRetry}
              pagingDelay={CATEGORY_PAGING_MS}
              scrollKey={`list:${key}`}
              buffer={CATEGORY_BUFFER_PX}
              notice={list?.cached ? t('lists.cached') : undefined}
              label={title}
            />
            {/* With the cards (in their task), so it never shows above them first and then moves down. */}
            {loadedOffset >= start && !list?.end && !list?.cached && (
              <nav className="pager" aria-label={t('catalog.pages')}>
                <Link className="pager__link pager__link--next" rel="next" to={`/category/${path}/${loadedOffset + 1}${search}`}>
                  {t('catalog.next_page')} →
                </Link>
              </nav>
            )}
          </div>
        </Later>
      </div>
    </div>
  );
}
