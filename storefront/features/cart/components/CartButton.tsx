import { useSelector } from 'react-redux';
import { Link } from '../../../lib/router';
import Icon from '../../../components/Icon';
import CountBadge from '../../../components/CountBadge';
import { useT } from '../../../lib/i18n';
import { selectCartCount } from '../cartSlice';

/** The header's cart button with the number of items. */
export default function CartButton() {
  const t = useT();
  const count = useSelector(selectCartCount);
  return (
    <Link to="/cart" className="icon-button cart-button" aria-label={t('header.cart_count', { n: count })}>
      <Icon name="cart" />
      <CountBadge count={count} />
    </Link>
  );
}
