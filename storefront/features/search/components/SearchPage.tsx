import { useCallback, useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useNavigate, useParams } from '../../../lib/router';
import ProductList from '../../../components/ProductList';
import { useCategoryTree } from '../../../components/ShopContext';
import { pathOf } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';
import type { OfferCard } from '../../../lib/types';
import { searchPath } from '../searchApi';
import { searchNextPage, searchPageOpened, searchRetried, selectCorrection, selectSearchList } from '../searchSlice';

export const SEARCH_PAGING_MS = 200;
/** Rows kept rendered beyond the window on the search list. */
export const SEARCH_BUFFER_PX = 1500;

/** /search/word/{word}/{offset}: the products found by a word, paged; the address follows the loaded page. */
export default function SearchPage() {
  const t = useT();
  const { word = '', offset = '1' } = useParams();
  const { tree } = useCategoryTree();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const list = useSelector(selectSearchList);
  const corrected = useSelector(selectCorrection(word));
  const valid = !!word.trim() && /^\d+$/.test(offset);
  const mine = list.key === word;
  const loadedOffset = mine ? list.offset : 0;
  const firstRender = useRef(true);

  useEffect(() => {
    if (valid) dispatch(searchPageOpened(word));
  }, [valid, word, dispatch]);

  useEffect(() => {
    if (!valid) return;
    const want = firstRender.current && loadedOffset === 0 ? 1 : loadedOffset;
    firstRender.current = false;
    if (want >= 1 && String(want) !== offset) navigate(searchPath(word, want), { replace: true });
  }, [valid, loadedOffset, offset, word, navigate]);

  const onNearEnd = useCallback(() => dispatch(searchNextPage()), [dispatch]);
  const onRetry = useCallback(() => dispatch(searchRetried()), [dispatch]);
  const hrefOf = useCallback((card: OfferCard) => `/category/${pathOf(tree, String(card.categoryId))}/item/${card.id}`, [tree]);

  if (!valid) return <Navigate to="/" replace />;
  return (
    <div className="page page--search">
      <h1 className="page__title">{t('search.title', { word })}</h1>
      {corrected && (
        <p className="search-corrected" role="status">
          {t('search.corrected', { word, corrected })}
        </p>
      )}
      <ProductList
        items={mine ? list.items : []}
        status={mine ? list.status : 'loading'}
        error={mine ? list.error : null}
        end={mine && list.end}
        empty={mine && list.empty}
        loaded={loadedOffset > 0}
        pages={loadedOffset}
        scrollKey={`search:${word}`}
        buffer={SEARCH_BUFFER_PX}
        hrefOf={hrefOf}
        onNearEnd={onNearEnd}
        onRetry={onRetry}
        pagingDelay={SEARCH_PAGING_MS}
        emptyText={t('search.nothing_found')}
        label={t('search.title', { word })}
      />
    </div>
  );
}
