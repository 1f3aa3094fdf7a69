import { useSelector } from 'react-redux';
import { Link } from '../../../lib/router';
import Icon from '../../../components/Icon';
import CountBadge from '../../../components/CountBadge';
import { useT } from '../../../lib/i18n';
import { selectFavourites } from '../favouritesSlice';

/** The header's link to the favourites, with their number. */
export default function FavouritesButton() {
  const t = useT();
  const count = useSelector(selectFavourites).length;
  return (
    <Link to="/favourites" className="icon-button" aria-label={t('header.favourites')}>
      <Icon name="heart" />
      <CountBadge count={count} />
    </Link>
  );
}
