import { lazy } from 'react';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { categorySchema } from '../../../schemas/category';
import type { ResourceDefinition } from '../../components/buildResource';
import { screenRoutes } from '../../components/screenRoutes';

/**
 * The catalogue: products (offers), their categories, parameters and category filters. The lists are
 * react-admin resources; the editors live at the seed's paths (/item_editor, /category_editor,
 * /filter_editor). Lists and editors are each their own chunk, loaded when first opened.
 */
const OfferList = lazy(() => import('./OfferList').then((m) => ({ default: m.OfferList })));
const CategoryList = lazy(() => import('./CategoryList').then((m) => ({ default: m.CategoryList })));
const CategoryEditor = lazy(() => import('./CategoryEditor'));
const ItemEditor = lazy(() => import('./ItemEditor'));
const FilterList = lazy(() => import('./FilterList'));
const FilterEditor = lazy(() => import('./FilterEditor'));

/** Products: a custom list (thumbnail, price, availability, category filter, search); created and edited in the item editor. */
export const offers: ResourceDefinition = {
  name: 'offers',
  list: OfferList,
  icon: Inventory2Outlined,
  recordRepresentation: 'name',
};

/** Categories: the tree list; the editor is the seed's /category_editor route. */
export const categories: ResourceDefinition = {
  name: categorySchema.name,
  list: CategoryList,
  icon: AccountTreeOutlined,
  recordRepresentation: 'category',
};

export const routes = screenRoutes({
  '/category_editor/:categoryPath/:categoryId': CategoryEditor,
  '/item_editor/:categoryPath/:itemId': ItemEditor,
  '/filter_editor/category/:categoryPath': FilterList,
  '/filter_editor/category/:categoryPath/filter/:filterId': FilterEditor,
});
