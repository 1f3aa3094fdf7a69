import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from '../../../lib/router';
import { useCategoryTree, useShopContext } from '../../../components/ShopContext';
import { TotalsRow } from '../../../components/Totals';
import { pathOf } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';
import { formatPrice } from '../../../../schemas/rules/money';
import { useScrollTop } from '../../../lib/scroll';
import { formatRoubles, minSumOf } from '../cartLogic';
import { cartLeft, cartRefreshRequested, selectCart, selectCartTotals } from '../cartSlice';
import CartLineRow from './CartLineRow';
import { fixedDiscount } from '../../../../schemas/rules/checkout';
import { PromoInput, selectPromo } from '../../promo/public';
import '../cart.css';
import UnavailableItemsPopup from './UnavailableItemsPopup';

/**
 * /cart: the lines (refreshed from the shop when the page opens; unavailable ones flagged, with a popup
 * asking to remove them), the promo code, the totals and the way to the order form. Leaving the page
 * drops lines left at zero.
 */
export default function CartPage() {
  const t = useT();
  const dispatch = useDispatch();
  const cart = useSelector(selectCart);
  const lineTotals = useSelector(selectCartTotals);
  const promo = useSelector(selectPromo);
  const { store } = useShopContext();
  const { tree } = useCategoryTree();
  useScrollTop('cart');

  useEffect(() => {
    dispatch(cartRefreshRequested());
    return () => {
      dispatch(cartLeft());
    };
  }, [dispatch]);

  const currency = cart.items[0]?.currencyId;
  const promoPercent = promo.status === 'proved' && promo.kind !== 'fixed' ? promo.discount : 0;
  // A fixed-sum code comes off the goods as the order will charge it (schemas/rules/checkout.ts); a percent one per line.
  const fixed = promo.status === 'proved' && promo.kind === 'fixed' ? fixedDiscount(promo.amount, lineTotals.goods) : 0;
  const totals = fixed ? { ...lineTotals, discount: fixed, total: Math.round((lineTotals.goods - fixed) * 100) / 100 } : lineTotals;
  const minSum = minSumOf(store);

  if (cart.items.length === 0) {
    return (
      <div className="page page--cart">
        <h1 className="page__title">{t('cart.title')}</h1>
        <div className="cart-empty">
          <p className="empty">{t('cart.empty_cart')}</p>
          <Link to="/" className="button button--client">
            {t('cart.to_catalog')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="page page--cart">
      <h1 className="page__title">{t('cart.title')}</h1>
      <div className="cart summary-layout">
        <ul className="cart__lines" aria-label={t('cart.title')}>
          {cart.items.map((line) => (
            <CartLineRow key={line.id} line={line} href={`/category/${pathOf(tree, String(line.categoryId))}/item/${line.id}`} promoPercent={promoPercent} />
          ))}
        </ul>
        <aside className="cart__summary summary-layout__aside" aria-label={t('cart.summary')}>
          <PromoInput />
          <dl className="totals">
            <TotalsRow label={t('cart.goods', { n: totals.quantity })} value={formatPrice(totals.goods, currency)} />
            {totals.discount > 0 && <TotalsRow kind="discount" label={t('cart.discount')} value={`−${formatPrice(totals.discount, currency)}`} />}
            <TotalsRow kind="total" label={t('cart.total')} value={formatPrice(totals.total, currency)} testId="cart-total" />
          </dl>
          {minSum > 0 && totals.total < minSum && <p className="cart__note">{t('errors.min_sum', { sum: formatRoubles(minSum) })}</p>}
          <Link to="/order" className="button button--client button--wide">
            {t('cart.checkout')}
          </Link>
        </aside>
      </div>
      {cart.unavailablePopup && <UnavailableItemsPopup />}
    </div>
  );
}

