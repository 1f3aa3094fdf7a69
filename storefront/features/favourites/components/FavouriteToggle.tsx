import { useDispatch, useSelector } from 'react-redux';
import Icon from '../../../components/Icon';
import { useT } from '../../../lib/i18n';
import type { Offer, OfferCard } from '../../../lib/types';
import { cardOf, favouriteToggled, selectIsFavourite } from '../favouritesSlice';

/** The heart on a product card and on the item page. */
export default function FavouriteToggle({ item, large = false }: { item: Offer | OfferCard; large?: boolean }) {
  const t = useT();
  const dispatch = useDispatch();
  const on = useSelector((s: Parameters<typeof selectIsFavourite>[0]) => selectIsFavourite(s, String(item.id)));
  return (
    <button
      type="button"
      className={`${large ? 'round-button round-button--large' : 'round-button'}${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={on ? t('favourites.remove') : t('favourites.add')}
      title={on ? t('favourites.remove') : t('favourites.add')}
      onClick={(e) => {
        e.preventDefault();
        dispatch(favouriteToggled(cardOf(item)));
      }}
    >
      <Icon name="heart" filled={on} size={large ? 26 : 22} />
    </button>
  );
}
