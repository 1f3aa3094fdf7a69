import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useParams } from '../../../lib/router';
import Loader from '../../../components/Loader';
import NoConnection from '../../../components/NoConnection';
import PathPending from '../../../components/PathPending';
import { useCategoryTree } from '../../../components/ShopContext';
import { pathOf } from '../../../lib/categories';
import { itemOpened, itemRetried, selectItemEntry } from '../itemSlice';

/** /product/{id}: the legacy item address. Loads the item, works out its category path, replaces the URL. */
export default function LegacyProductPage() {
  const { productId = '' } = useParams();
  const { tree } = useCategoryTree();
  const dispatch = useDispatch();
  const entry = useSelector((s: Parameters<typeof selectItemEntry>[0]) => selectItemEntry(s, productId));
  useEffect(() => {
    if (productId) dispatch(itemOpened(productId));
  }, [productId, dispatch]);
  if (!productId || entry?.error === 'not_found') return <Navigate to="/404" replace />;
  // Its category's path comes from the tree: a partial tree (a server page's first screen) waits for the whole list.
  if (entry?.item && tree.partial && !tree.byId.has(String(entry.item.categoryId))) return <PathPending />;
  if (entry?.item) return <Navigate to={`/category/${pathOf(tree, String(entry.item.categoryId))}/item/${entry.item.id}`} replace />;
  if (entry?.status === 'failed') return <NoConnection onRetry={() => dispatch(itemRetried(productId))} serverError={entry.error === 'server_error'} />;
  return <Loader />;
}
