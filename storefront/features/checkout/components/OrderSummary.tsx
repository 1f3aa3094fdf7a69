import { Link } from '../../../lib/router';
import { formatPrice } from '../../../../schemas/rules/money';
import { useT } from '../../../lib/i18n';
import { TotalsRow } from '../../../components/Totals';
import type { CartLine } from '../../../lib/types';
import type { CartTotals } from '../../cart/public';
import type { DeliveryTerms } from '../../../../schemas/rules/zoneTerms';

/** The order form's summary beside it: the lines, the totals as the server will charge them, the order button. */
export default function OrderSummary({
  lines,
  totals,
  promoCode,
  deliveryCost,
  terms,
  delivery,
  sending,
  online,
}: {
  lines: readonly CartLine[];
  totals: CartTotals;
  promoCode: string;
  deliveryCost: number;
  /** The delivery's terms: their free-from sum and time are shown under the price. */
  terms: DeliveryTerms;
  delivery: boolean;
  sending: boolean;
  online: boolean;
}) {
  const t = useT();
  const currency = lines[0]?.currencyId;
  return (
    <aside className="order__summary summary-layout__aside" aria-label={t('cart.summary')}>
      <h2 className="order__heading">{t('checkout.your_order')}</h2>
      <ul className="order__lines">
        {lines.map((l) => (
          <li key={l.id} className={l.isDisabledItem ? 'order__line is-unavailable' : 'order__line'}>
            <span className="order__line-name">{l.name}</span>
            <span className="order__line-qty" dir="ltr">
              × {l.quantity}
            </span>
          </li>
        ))}
      </ul>
      <Link to="/cart" className="order__edit">
        {t('checkout.edit_cart')}
      </Link>
      <dl className="totals">
        <TotalsRow label={t('cart.goods', { n: totals.quantity })} value={formatPrice(totals.goods, currency)} />
        {totals.discount > 0 && <TotalsRow kind="discount" label={t('checkout.promo_discount', { code: promoCode })} value={`−${formatPrice(totals.discount, currency)}`} />}
        {delivery && (
          <TotalsRow
            label={
              <>
                {t('checkout.delivery_cost')}
                {deliveryCost > 0 && terms.freeFrom > 0 && (
                  <span className="order__terms" data-testid="order-free-from">
                    {t('checkout.free_from', { sum: formatPrice(terms.freeFrom, currency) })}
                  </span>
                )}
                {terms.time && (
                  <span className="order__terms" data-testid="order-delivery-time">
                    {t('checkout.delivery_time', { time: terms.time })}
                  </span>
                )}
              </>
            }
            value={deliveryCost > 0 ? formatPrice(deliveryCost, currency) : t('item.free_shipping')}
            testId="order-delivery"
          />
        )}
        <TotalsRow kind="total" label={t('cart.total')} value={formatPrice(totals.total + deliveryCost, currency)} testId="order-total" />
      </dl>
      <button type="submit" className="button button--client button--wide" disabled={sending} aria-busy={sending || undefined}>
        {sending ? t('checkout.sending') : online ? t('checkout.pay') : t('checkout.submit')}
      </button>
    </aside>
  );
}
