import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import Breadcrumbs, { categoryCrumbs } from '../../../components/Breadcrumbs';
import Later from '../../../components/Later';
import OwnerTools from '../../../components/OwnerTools';
import PathPending from '../../../components/PathPending';
import ProductList from '../../../components/ProductList';
import { useCategoryTree } from '../../../components/ShopContext';
import { childrenOf, lastId, pathState, ROOT_PATH } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';
import { useIsWide } from '../../../lib/layout';
import type { OfferCard } from '../../../lib/types';
import { listKeyOf } from '../catalogueApi';
import { listOpened, listRetried, nextPageRequested, selectList } from '../catalogueSlice';
import { selectListQuery } from '../filtersSlice';
import Banners from './Banners';
import { categoryHref } from './CategoryButtons';
import CategorySidebar from './CategorySidebar';
import '../catalogue.css';

export const CATEGORY_PAGING_MS = 100;
/** Rows kept rendered beyond the window on the category list (the seed's buffer of 2000). */
export const CATEGORY_BUFFER_PX = 2000;

/**
 * /category/{path}/{offset}: the paged product list of a category (and those below it). The first load
 * starts at page 1; further pages load near the bottom and the address follows the last loaded page.
 */
export default function ProductListPage() {
  const t = useT();
  const { path = ROOT_PATH, offset = '1' } = useParams();
  const { tree } = useCategoryTree();
  const wide = useIsWide();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const goodOffset = /^\d+$/.test(offset) && Number(offset) >= 1;
  // The sidebar opened along the path and the chips draw the children along it.
  const state = goodOffset ? pathState(tree, path, { children: true }) : 'invalid';
  const valid = state === 'valid';
  const categoryId = lastId(path);
  const { sort, filters } = useSelector((s: Parameters<typeof selectListQuery>[0]) => selectListQuery(s, path));
  const key = listKeyOf(categoryId, sort, filters);
  const query = useMemo(() => ({ key, categoryId, sort, filters }), [key, categoryId, sort, filters]);
  const list = useSelector((s: Parameters<typeof selectList>[0]) => selectList(s, key));
  const firstRender = useRef(true);

  useEffect(() => {
    if (!valid) return;
    dispatch(listOpened(query));
  }, [valid, query, dispatch]);

  // The address follows the last loaded page; a first load of a later page starts at page 1.
  const loadedOffset = list?.offset ?? 0;
  useEffect(() => {
    if (!valid) return;
    const want = firstRender.current && loadedOffset === 0 ? 1 : loadedOffset;
    firstRender.current = false;
    if (want >= 1 && String(want) !== offset) navigate(`/category/${path}/${want}`, { replace: true });
  }, [valid, loadedOffset, offset, path, navigate]);

  const onNearEnd = useCallback(() => dispatch(nextPageRequested(query)), [dispatch, query]);
  const onRetry = useCallback(() => dispatch(listRetried(query)), [dispatch, query]);
  const hrefOf = useCallback((card: OfferCard) => `/category/${path}/item/${card.id}`, [path]);

  if (state === 'pending') return <PathPending />;
  if (!valid) return <Navigate to="/404" replace />;
  const category = tree.byId.get(categoryId);
  const title = category?.category ?? t('catalog.all_products');
  const subs = childrenOf(tree, categoryId);

  return (
    <div className={wide ? 'page page--list page--wide' : wide === null ? 'page page--list page--any' : 'page page--list'}>
      {wide !== false && <CategorySidebar tree={tree} path={path} className={wide ? undefined : 'wide-only'} />}
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
        {path === ROOT_PATH && <Banners />}
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
              pages={loadedOffset}
              hrefOf={hrefOf}
              onNearEnd={onNearEnd}
              onRetry={onRetry}
              pagingDelay={CATEGORY_PAGING_MS}
              scrollKey={`list:${key}`}
              buffer={CATEGORY_BUFFER_PX}
              notice={list?.cached ? t('lists.cached') : undefined}
              label={title}
            />
          </div>
        </Later>
      </div>
    </div>
  );
}
