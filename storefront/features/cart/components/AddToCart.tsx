import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Icon from '../../../components/Icon';
import { controlOn, useShopContext } from '../../../components/ShopContext';
import { useT } from '../../../lib/i18n';
import type { Offer, OfferCard } from '../../../lib/types';
import { cartItemAdded, cartItemDecremented, cartQuantitySet, cartItemRemoved, lineOf, selectCartLine } from '../cartSlice';

/**
 * The cart toggle of the item page and (compact) of product cards: 'В корзину', or 'В корзине N шт.'
 * (pressing it again takes the item out); with the store's count_controls on, a minus / quantity / plus
 * control (minus from 1, or a typed 0 or nothing, takes the item out).
 */
export default function AddToCart({ item, compact }: { item: Offer | OfferCard; compact?: boolean }) {
  const t = useT();
  const dispatch = useDispatch();
  const { store } = useShopContext();
  const line = useSelector((s: Parameters<typeof selectCartLine>[0]) => selectCartLine(s, String(item.id)));
  const unavailable = item.available === '0' || controlOn(store, 'stop_purchase');
  const size = compact ? 18 : 20;

  if (line && controlOn(store, 'count_controls')) {
    return (
      <div className={compact ? 'quantity quantity--card' : 'quantity'} role="group" aria-label={t('item.quantity')}>
        <button type="button" className="quantity__button" onClick={() => dispatch(cartItemDecremented(line.id))} aria-label={t('item.decrease')}>
          <Icon name="minus" size={size} />
        </button>
        <QuantityInput id={line.id} quantity={line.quantity} width={compact ? undefined : 40} />
        <button type="button" className="quantity__button" onClick={() => dispatch(cartItemAdded(lineOf(item)))} aria-label={t('item.increase')}>
          <Icon name="plus" size={size} />
        </button>
        {!compact && <span className="quantity__note">{t('item.in_cart', { n: line.quantity })}</span>}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={(line ? 'button button--active' : 'button button--client') + (compact ? ' button--card' : ' button--wide')}
      disabled={unavailable && !line}
      onClick={() => dispatch(line ? cartItemRemoved(line.id) : cartItemAdded(lineOf(item)))}
    >
      <Icon name="cart" size={size} />
      {line ? t('item.in_cart', { n: line.quantity }) : t('item.add_to_cart')}
    </button>
  );
}

/**
 * The typed quantity: a number above 0 counts at once; 0 or nothing takes the item out once the shopper leaves
 * the field or presses Enter (the seed's rule), not while they clear it to type another number.
 */
function QuantityInput({ id, quantity, width }: { id: string; quantity: number; width?: number }) {
  const t = useT();
  const dispatch = useDispatch();
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && !Number(draft)) dispatch(cartQuantitySet({ id, quantity: 0 }));
    setDraft(null);
  };
  return (
    <input
      className="quantity__input"
      inputMode="numeric"
      maxLength={6}
      aria-label={t('item.quantity')}
      value={draft ?? quantity}
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, '').slice(0, 6);
        setDraft(digits);
        if (Number(digits)) dispatch(cartQuantitySet({ id, quantity: digits }));
      }}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      style={width ? { width } : undefined}
    />
  );
}
