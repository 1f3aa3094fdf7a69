import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Icon from '../../../components/Icon';
import ProductCard from '../../../components/ProductCard';
import { useCategoryTree } from '../../../components/ShopContext';
import { SlotsProvider, useSlots } from '../../../components/Slots';
import { pathOf } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';
import { useScrollTop } from '../../../lib/scroll';
import { favouriteRemoved, selectFavourites } from '../favouritesSlice';

/** /favourites: the customer's favourite products, each with a trash button. */
export default function FavouritesPage() {
  const t = useT();
  const dispatch = useDispatch();
  const items = useSelector(selectFavourites);
  const { tree } = useCategoryTree();
  const slots = useSlots();
  useScrollTop('favourites');
  const here = useMemo(
    () => ({
      ...slots,
      cardActions: (card: { id: string; name: string }) => (
        <button type="button" className="round-button round-button--danger" aria-label={`${t('favourites.delete')}: ${card.name}`} onClick={() => dispatch(favouriteRemoved(card.id))}>
          <Icon name="trash" size={22} />
        </button>
      ),
    }),
    [slots, t, dispatch],
  );
  return (
    <div className="page page--favourites">
      <h1 className="page__title">{t('favourites.title')}</h1>
      {items.length === 0 ? (
        <p className="empty">{t('favourites.empty')}</p>
      ) : (
        <SlotsProvider value={here}>
          <ul className="product-grid" aria-label={t('favourites.title')}>
            {items.map((card) => (
              <li key={card.id}>
                <ProductCard card={card} href={`/category/${pathOf(tree, String(card.categoryId))}/item/${card.id}`} />
              </li>
            ))}
          </ul>
        </SlotsProvider>
      )}
    </div>
  );
}
