import { useDispatch, useSelector } from 'react-redux';
import Icon from '../../../components/Icon';
import { controlOn, useShopContext } from '../../../components/ShopContext';
import { useT } from '../../../lib/i18n';
import type { Offer } from '../../../lib/types';
import { cartItemAdded, cartItemDecremented, cartItemRemoved, cartQuantitySet, lineOf, selectCartLine } from '../cartSlice';

/**
 * The item page's cart button: 'В корзину', or 'В корзине N шт.' (pressing it again takes the item out);
 * with the store's count_controls on, a minus / quantity / plus control.
 */
export default function AddToCart({ item }: { item: Offer }) {
  const t = useT();
  const dispatch = useDispatch();
  const { store } = useShopContext();
  const line = useSelector((s: Parameters<typeof selectCartLine>[0]) => selectCartLine(s, String(item.id)));
  const unavailable = item.available === '0' || controlOn(store, 'stop_purchase');
  const counts = controlOn(store, 'count_controls');

  if (line && counts) {
    return (
      <div className="quantity" role="group" aria-label={t('item.quantity')}>
        <button type="button" className="quantity__button" onClick={() => dispatch(cartItemDecremented(line.id))} aria-label={t('item.decrease')}>
          <Icon name="minus" size={20} />
        </button>
        <input
          className="quantity__input"
          inputMode="numeric"
          aria-label={t('item.quantity')}
          value={line.quantity}
          onChange={(e) => dispatch(cartQuantitySet({ id: line.id, quantity: e.target.value }))}
          style={{ width: 40 }}
        />
        <button type="button" className="quantity__button" onClick={() => dispatch(cartItemAdded(lineOf(item)))} aria-label={t('item.increase')}>
          <Icon name="plus" size={20} />
        </button>
        <span className="quantity__note">{t('item.in_cart', { n: line.quantity })}</span>
      </div>
    );
  }
  return (
    <button
      type="button"
      className={line ? 'button button--active button--wide' : 'button button--client button--wide'}
      disabled={unavailable && !line}
      onClick={() => dispatch(line ? cartItemRemoved(line.id) : cartItemAdded(lineOf(item)))}
    >
      <Icon name="cart" size={20} />
      {line ? t('item.in_cart', { n: line.quantity }) : t('item.add_to_cart')}
    </button>
  );
}
