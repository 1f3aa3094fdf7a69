import { useEffect, useMemo, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useNavigate } from 'react-router';
import Icon from '../../../components/Icon';
import { useShopContext } from '../../../components/ShopContext';
import { useT } from '../../../lib/i18n';
import { platform } from '../../../lib/platform';
import { formatPrice } from '../../../../schemas/rules/money';
import { useScrollTop } from '../../../lib/scroll';
import { Popup, UnavailableItemsPopup, cartRefreshRequested, selectCart, selectCartTotals } from '../../cart/public';
import { selectDeliveryPoint } from '../../places/public';
import {
  changeShown,
  deliveryCostOf,
  effectiveChoices,
  formatIosPhone,
  formatPhone,
  hoursToday,
  isRequired,
  localNow,
  paymentWaysOf,
  receivingWaysOf,
  usesMap,
  type OrderFormValues,
} from '../orderLogic';
import { orderFieldChanged, orderPageOpened, orderPopupClosed, orderSubmitted, selectOrder } from '../orderSlice';
import '../../cart/cart.css';
import '../order.css';
import SmsCheckPopup from './SmsCheckPopup';
import { AddressLink } from '../../share/public';

const IOS = platform === 'ios';

/**
 * /order: the seed's order form with the store's required fields and choices: name, phone (mask
 * +7 (999) 099-99-99), receiving (delivery with the address chosen on /map and house/entrance/floor, or
 * pickup at a place), payment (cash, card to the courier, card on the site), change, comment; the
 * summary with the promo discount and delivery; the order button runs the checks and sends the order.
 * Without cart items it goes to /.
 */
export default function CheckoutPage() {
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { store } = useShopContext();
  const cart = useSelector(selectCart);
  const totals = useSelector(selectCartTotals);
  const order = useSelector(selectOrder);
  const point = useSelector(selectDeliveryPoint);
  useScrollTop('order');

  useEffect(() => {
    dispatch(orderPageOpened());
    dispatch(cartRefreshRequested());
  }, [dispatch]);
  // A check found empty fields: the first one gets the focus.
  useEffect(() => {
    if (!order.missing.length) return;
    const first = document.querySelector<HTMLElement>('.page--order .is-invalid input, .page--order .is-invalid textarea, .page--order .is-invalid a');
    first?.focus({ preventScroll: true });
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [order.missing]);

  const form = order.form;
  const { payment, receiving } = effectiveChoices(form, store);
  const payments = paymentWaysOf(store);
  const receivings = receivingWaysOf(store);
  const now = useMemo(() => localNow(store?.timezone), [store?.timezone]);
  const missing = new Set(order.missing);
  const set = (name: keyof OrderFormValues) => (value: string) => dispatch(orderFieldChanged({ name, value }));
  const currency = cart.items[0]?.currencyId;
  const deliveryCost = deliveryCostOf(store, totals.total, receiving);
  const lines = cart.items.filter((l) => l.quantity > 0);

  if (!lines.length && !order.result) return <Navigate to="/" replace />;

  const req = (name: string) => isRequired(store, name);
  const sending = order.status === 'sending';

  return (
    <div className="page page--order">
      <h1 className="page__title">{t('checkout.title')}</h1>
      <form
        className="order summary-layout"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(orderSubmitted({ store }));
        }}
      >
        <div className="order__form">
          <section className="order__section" aria-labelledby="order-contacts">
            <h2 className="order__heading" id="order-contacts">
              {t('checkout.contacts')}
            </h2>
            <Field id="client_name" label={t('checkout.fields.client_name')} required={req('client_name')} invalid={missing.has('client_name')}>
              <input id="client_name" className="order__input" autoComplete="name" maxLength={200} value={form.client_name} onChange={(e) => set('client_name')(e.target.value)} aria-invalid={missing.has('client_name') || undefined} />
            </Field>
            <Field id="client_phone" label={t('checkout.fields.client_phone')} required={req('client_phone')} invalid={missing.has('client_phone')}>
              <div className={IOS ? 'order__phone order__phone--ios' : 'order__phone'}>
                {IOS && <span className="order__phone-prefix">+7</span>}
                <input
                  id="client_phone"
                  className="order__input"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder={IOS ? '(999) 123-45-67' : '+7 (999) 123-45-67'}
                  value={form.client_phone}
                  onChange={(e) => set('client_phone')(IOS ? formatIosPhone(e.target.value) : formatPhone(e.target.value))}
                  aria-invalid={missing.has('client_phone') || undefined}
                />
              </div>
            </Field>
          </section>

          {receivings.length > 0 && (
            <fieldset className={`order__section order__choices${missing.has('client_receiving') ? ' is-invalid' : ''}`}>
              <legend className="order__heading">
                <span>
                  {t('checkout.fields.client_receiving')}
                  {req('client_receiving') && <Star />}
                </span>
              </legend>
              <div className="choices">
                {receivings.map((way) => (
                  <label key={way} className={receiving === way ? 'choice is-checked' : 'choice'}>
                    <input type="radio" name="client_receiving" value={way} checked={receiving === way} onChange={() => set('client_receiving')(way)} />
                    <Icon name={way === 'delivery' ? 'truck' : 'store'} size={20} />
                    <span>{t(`checkout.receiving.${way}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {receiving === 'delivery' ? (
            <section className="order__section" aria-labelledby="order-address">
              <h2 className="order__heading" id="order-address">
                {t('checkout.fields.client_address')}
                {req('client_address') && <Star />}
              </h2>
              {usesMap(store) ? (
                <div className={`address${missing.has('client_address') ? ' is-invalid' : ''}`}>
                  <p className={point ? 'address__text' : 'address__text address__text--empty'} data-testid="delivery-address">
                    {point ? point.address : t('checkout.no_address')}
                  </p>
                  <Link to="/map" className="button button--ghost address__button">
                    {point ? t('checkout.change_address') : t('checkout.choose_address')}
                  </Link>
                </div>
              ) : (
                <Field id="client_address" label={t('checkout.fields.client_address')} hideLabel invalid={missing.has('client_address')}>
                  <input id="client_address" className="order__input" autoComplete="street-address" maxLength={500} value={form.client_address} onChange={(e) => set('client_address')(e.target.value)} />
                </Field>
              )}
              <fieldset className={`numbers${missing.has('client_numbers') ? ' is-invalid' : ''}`}>
                <legend className="numbers__legend">
                  {t('checkout.fields.client_numbers')}
                  {req('client_numbers') && <Star />}
                </legend>
                <div className="numbers__row">
                  {(['client_house', 'client_entrance', 'client_appart'] as const).map((name) => (
                    <label key={name} className="numbers__cell">
                      <span>{t(`checkout.numbers.${name}`)}</span>
                      <input className="order__input" maxLength={20} value={form[name]} onChange={(e) => set(name)(e.target.value)} />
                    </label>
                  ))}
                </div>
              </fieldset>
            </section>
          ) : (
            <fieldset className={`order__section order__choices${missing.has('place_id') ? ' is-invalid' : ''}`}>
              <legend className="order__heading">
                <span>
                  {t('checkout.fields.place_id')}
                  <Star />
                </span>
              </legend>
              {order.placesStatus === 'loading' && <p className="order__muted">{t('checkout.places_loading')}</p>}
              {order.placesStatus === 'failed' && <p className="order__muted">{t('checkout.places_failed')}</p>}
              <div className="places">
                {order.places.map((p) => {
                  const checked = form.place_id === String(p.id) || (order.places.length === 1 && !form.place_id);
                  const hours = hoursToday(p, now);
                  return (
                    <label key={p.id} className={checked ? 'place is-checked' : 'place'}>
                      <input type="radio" name="place_id" value={String(p.id)} checked={checked} onChange={() => set('place_id')(String(p.id))} />
                      <span className="place__body">
                        <span className="place__name">{p.name}</span>
                        {p.address && <span className="place__address"><AddressLink address={[p.city, p.address].filter(Boolean).join(', ')} /></span>}
                        <span className="place__hours">{hours ? t('checkout.hours_today', { hours }) : t('checkout.day_off')}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}

          <fieldset className={`order__section order__choices${missing.has('client_payment') ? ' is-invalid' : ''}`}>
            <legend className="order__heading">
              <span>
                {t('checkout.fields.client_payment')}
                {req('client_payment') && <Star />}
              </span>
            </legend>
            <div className="choices">
              {payments.map((way) => (
                <label key={way} className={payment === way ? 'choice is-checked' : 'choice'}>
                  <input type="radio" name="client_payment" value={way} checked={payment === way} onChange={() => set('client_payment')(way)} />
                  <Icon name={way === 'cash' ? 'orders' : 'card'} size={20} />
                  <span>{t(`checkout.payment.${way}`)}</span>
                </label>
              ))}
            </div>
            {changeShown(store, payment) && (
              <Field id="client_change" label={t('checkout.fields.client_change')} required={req('client_change')} invalid={missing.has('client_change')}>
                <input id="client_change" className="order__input order__input--short" inputMode="numeric" maxLength={9} value={form.client_change} onChange={(e) => set('client_change')(e.target.value.replace(/\D/g, '').slice(0, 9))} />
              </Field>
            )}
          </fieldset>

          <section className="order__section">
            <Field id="client_comment" label={t('checkout.fields.client_comment')} required={req('client_comment')} invalid={missing.has('client_comment')}>
              <textarea id="client_comment" className="order__input order__textarea" rows={4} maxLength={2000} value={form.client_comment} onChange={(e) => set('client_comment')(e.target.value)} />
            </Field>
          </section>
        </div>

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
            <div className="totals__row">
              <dt>{t('cart.goods', { n: totals.quantity })}</dt>
              <dd dir="ltr">{formatPrice(totals.goods, currency)}</dd>
            </div>
            {totals.discount > 0 && (
              <div className="totals__row totals__row--discount">
                <dt>{t('checkout.promo_discount', { code: cart.promo.code })}</dt>
                <dd dir="ltr">−{formatPrice(totals.discount, currency)}</dd>
              </div>
            )}
            {receiving === 'delivery' && (
              <div className="totals__row">
                <dt>{t('checkout.delivery_cost')}</dt>
                <dd dir="ltr">{deliveryCost > 0 ? formatPrice(deliveryCost, currency) : t('item.free_shipping')}</dd>
              </div>
            )}
            <div className="totals__row totals__row--total">
              <dt>{t('cart.total')}</dt>
              <dd dir="ltr" data-testid="order-total">
                {formatPrice(totals.total + deliveryCost, currency)}
              </dd>
            </div>
          </dl>
          <button type="submit" className="button button--client button--wide" disabled={sending} aria-busy={sending || undefined}>
            {sending ? t('checkout.sending') : payment === 'online' ? t('checkout.pay') : t('checkout.submit')}
          </button>
        </aside>
      </form>

      {order.result?.kind === 'success' && (
        <Popup
          title={t('checkout.number', { n: order.result.orderId })}
          actions={
            <button
              type="button"
              className="button button--client"
              onClick={() => {
                dispatch(orderPopupClosed());
                navigate('/', { replace: true });
              }}
            >
              {t('checkout.proceed')}
            </button>
          }
        >
          {order.result.text}
        </Popup>
      )}
      {order.result?.kind === 'error' && (
        <Popup
          onClose={() => dispatch(orderPopupClosed())}
          actions={
            <>
              {store?.phone && (
                <a className="button button--ghost" href={`tel:${String(store.phone).replace(/[^\d+]/g, '')}`}>
                  <Icon name="phone" size={18} />
                  <span dir="ltr">{String(store.phone)}</span>
                </a>
              )}
              <button type="button" className="button button--client" onClick={() => dispatch(orderPopupClosed())}>
                {t('cart.close')}
              </button>
            </>
          }
        >
          {t('checkout.failed')}
        </Popup>
      )}
      {order.sms && <SmsCheckPopup sms={order.sms} />}
      {!order.result && cart.unavailablePopup && <UnavailableItemsPopup />}
    </div>
  );
}

const Star = () => (
  <span className="order__required" aria-hidden="true">
    {' '}*
  </span>
);

function Field({ id, label, required, invalid, hideLabel, children }: { id: string; label: string; required?: boolean; invalid?: boolean; hideLabel?: boolean; children: ReactNode }) {
  return (
    <div className={invalid ? 'field is-invalid' : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {required && <Star />}
      </label>
      {children}
    </div>
  );
}
