import { Link } from '../../../lib/router';
import Icon from '../../../components/Icon';
import { imgUrl } from '../../../lib/config';
import { childrenOf, isLeaf, type Category, type CategoryTree } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';

export const categoryHref = (tree: CategoryTree, parentPath: string, c: Category) => {
  const path = parentPath === '0' ? c.categoryId : `${parentPath}-${c.categoryId}`;
  // A leaf lists its products; a category with children shows its sub-categories.
  return isLeaf(tree, c.categoryId) ? `/category/${path}/1` : `/category/${path}`;
};

function CategoryIcon({ picture }: { picture?: string | null }) {
  if (picture && /[./]/.test(picture)) return <img className="category-button__icon" src={imgUrl(picture)} alt="" width={32} height={32} />;
  return <Icon name="catalog" className="category-button__icon" size={28} />;
}

/** The sub-categories of a category as buttons (icon, name, an arrow unless a leaf) and the 'show all' entry. */
export default function CategoryButtons({ tree, path, parentId }: { tree: CategoryTree; path: string; parentId: string }) {
  const t = useT();
  const list = childrenOf(tree, parentId);
  return (
    <nav aria-label={t('catalog.categories')}>
      <ul className="card-list category-buttons">
        <li>
          <Link className="card-list__row category-button category-button--all" to={`/category/${path}/1`}>
            <Icon name="search" className="category-button__icon" size={28} />
            <span className="category-button__name">{path === '0' ? t('catalog.all_products') : t('catalog.show_all')}</span>
            <Icon name="forward" className="category-button__arrow" size={20} />
          </Link>
        </li>
        {list.map((c) => (
          <li key={c.categoryId}>
            <Link className="card-list__row category-button" to={categoryHref(tree, path, c)}>
              <CategoryIcon picture={c.picture} />
              <span className="category-button__name">{c.category}</span>
              {!isLeaf(tree, c.categoryId) && <Icon name="forward" className="category-button__arrow" size={20} />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
