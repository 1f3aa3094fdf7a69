import { Navigate, useParams } from 'react-router';
import Breadcrumbs, { categoryCrumbs } from '../../../components/Breadcrumbs';
import Later from '../../../components/Later';
import OwnerTools from '../../../components/OwnerTools';
import PathPending from '../../../components/PathPending';
import { useCategoryTree } from '../../../components/ShopContext';
import { isLeaf, lastId, pathState, ROOT_PATH } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';
import { useIsWide } from '../../../lib/layout';
import { useScrollMemory } from '../../../lib/scroll';
import Banners from './Banners';
import CategoryButtons from './CategoryButtons';
import '../catalogue.css';

/**
 * /category/{path}: the sub-categories of a category as buttons, the banners on the first (root) category,
 * breadcrumbs. The wide layout shows the product list instead (/category/{path}/1), and so does a leaf.
 */
export default function CategoryPage({ home = false }: { /** Shown by / until it redirects (app/pages/HomeRedirect): no redirect of its own. */ home?: boolean }) {
  const t = useT();
  const { path = ROOT_PATH } = useParams();
  const { tree } = useCategoryTree();
  const wide = useIsWide();
  useScrollMemory(`category:${path}`, true);
  // Its buttons are the category's children: pending too while they may be missing (a partial tree).
  const state = pathState(tree, path, { children: true });
  if (state === 'pending') return <PathPending />;
  if (state === 'invalid') return <Navigate to="/404" replace />;
  const id = lastId(path);
  // Unknown width (server render, hydration): the narrow page; a wide window goes on to the list after it.
  if (!home && (wide || (path !== ROOT_PATH && isLeaf(tree, id)))) return <Navigate to={`/category/${path}/1`} replace />;
  const name = path === ROOT_PATH ? t('catalog.catalog') : (tree.byId.get(id)?.category ?? '');
  return (
    <div className="page page--category">
      {path !== ROOT_PATH && <Breadcrumbs crumbs={categoryCrumbs(path, (i) => tree.byId.get(i)?.category, { narrow: false, t })} />}
      <h1 className="page__title">{name}</h1>
      <OwnerTools tools={['edit_category', 'new_category']} path={path} />
      {/* Each part hydrates in a task of its own (components/Later); the banners may draw nothing, hence their box. */}
      {path === ROOT_PATH && (
        <Later>
          <div className="contents">
            <Banners />
          </div>
        </Later>
      )}
      <Later>
        <CategoryButtons tree={tree} path={path} parentId={id} />
      </Later>
    </div>
  );
}
