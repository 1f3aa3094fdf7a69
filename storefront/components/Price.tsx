import { useT } from '../lib/i18n';
import { discountPercent, formatPrice } from '../../schemas/rules/money';
import './card.css';

/** Price with currency; the old price and the discount percent when the old price is higher. */
export default function Price({ price, oldprice, currencyId, size = 'md' }: { price: number; oldprice?: number | null; currencyId?: string | null; size?: 'md' | 'lg' }) {
  const t = useT();
  const discount = discountPercent(price, oldprice);
  return (
    <div className={`price price--${size}`}>
      {price ? <span className="price__now" dir="ltr">{formatPrice(price, currencyId)}</span> : null}
      {discount !== null && (
        <>
          <s className="price__old" dir="ltr" aria-label={t('catalog.old_price')}>
            {formatPrice(oldprice, currencyId)}
          </s>
          <span className="price__discount" dir="ltr">−{discount}%</span>
        </>
      )}
    </div>
  );
}
