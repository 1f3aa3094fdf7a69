import Loader from './Loader';
import NoConnection from './NoConnection';
import { useCategoryTree } from './ShopContext';

/**
 * A page whose category path is not in the partial tree yet (lib/categories pathState 'pending': a
 * server-rendered page inlined only its first screen's categories and the whole list is on its way): the
 * loader until the list decides; if asking for it failed, the no-connection panel whose retry asks again
 * (not /404: the path may well be right).
 */
export default function PathPending() {
  const { categories } = useCategoryTree();
  if (categories?.error) return <NoConnection onRetry={categories.retry} serverError={categories.error === 'server_error'} />;
  return <Loader />;
}
