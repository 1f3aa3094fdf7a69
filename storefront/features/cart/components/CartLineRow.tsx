import { Link } from '../../../lib/router';
import { useDispatch } from 'react-redux';
import Icon from '../../../components/Icon';
import ProductImage from '../../../components/ProductImage';
import { useT } from '../../../lib/i18n';
import { formatPrice } from '../../../../schemas/rules/money';
import type { CartLine } from '../../../lib/types';
import { discountedUnitPrice } from '../../../../schemas/rules/promo';
import { cartItemRemoved, cartLineDecremented, cartLineIncremented, cartLineQuantityTyped } from '../cartSlice';

/** One cart line: thumb, name, unit price (after a proved promo, rounded per unit), quantity control, sum, remove. */
export default function CartLineRow({ line, href, promoPercent }: { line: CartLine; href: string; promoPercent: number }) {
  const t = useT();
  const dispatch = useDispatch();
  const unit = discountedUnitPrice(line.price, promoPercent);
  const title = line.typePrefix && !line.name.startsWith(line.typePrefix) ? `${line.typePrefix} ${line.name}` : line.name;
  return (
    <li className={line.isDisabledItem ? 'cart-line cart-line--unavailable' : 'cart-line'} data-testid={`cart-line-${line.id}`}>
      <Link to={href} className="cart-line__thumb" tabIndex={-1} aria-hidden="true">
        <ProductImage path={line.thumb ?? line.images?.[0]} alt={title} size={96} decorative />
      </Link>
      <div className="cart-line__body">
        <Link to={href} className="cart-line__name">
          {title}
        </Link>
        <div className="cart-line__price" dir="ltr">
          {unit !== line.price && <s className="cart-line__old">{formatPrice(line.price, line.currencyId)}</s>}
          <span>{formatPrice(unit, line.currencyId)}</span>
        </div>
        {line.isDisabledItem && <p className="cart-line__unavailable">{t('catalog.unavailable')}</p>}
      </div>
      <div className="cart-line__controls">
        <div className="quantity cart-line__quantity" role="group" aria-label={`${t('item.quantity')}: ${title}`}>
          <button type="button" className="quantity__button" onClick={() => dispatch(cartLineDecremented(line.id))} disabled={line.quantity <= 1} aria-label={t('item.decrease')}>
            <Icon name="minus" size={18} />
          </button>
          <input
            className="quantity__input cart-line__input"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            aria-label={t('item.quantity')}
            value={line.quantity > 0 ? String(line.quantity) : ''}
            onChange={(e) => dispatch(cartLineQuantityTyped({ id: line.id, text: e.target.value }))}
          />
          <button type="button" className="quantity__button" onClick={() => dispatch(cartLineIncremented(line.id))} aria-label={t('item.increase')}>
            <Icon name="plus" size={18} />
          </button>
        </div>
        <span className="cart-line__sum" dir="ltr">
          {formatPrice(unit * line.quantity, line.currencyId)}
        </span>
        <button type="button" className="icon-button cart-line__remove" onClick={() => dispatch(cartItemRemoved(line.id))} aria-label={`${t('cart.remove')}: ${title}`}>
          <Icon name="trash" size={20} />
        </button>
      </div>
    </li>
  );
}
