import { useEffect, useMemo, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useNavigate } from '../../../lib/router';
import Icon from '../../../components/Icon';
import { useShopContext } from '../../../components/ShopContext';
import { useT } from '../../../lib/i18n';
import { platform } from '../../../lib/platform';
import { useScrollTop } from '../../../lib/scroll';
import { Popup, UnavailableItemsPopup, cartRefreshRequested, selectCart } from '../../cart/public';
import { selectPromo } from '../../promo/public';
import { selectDeliveryPoint } from '../../places/public';
import {
  changeShown,
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
import { ChoiceSet, Choices, Field, FieldError, Star, invalidProps } from './checkoutParts';
import OrderSummary from './OrderSummary';
import { checkoutPreview } from '../checkoutFacts';
import { useLaterPageTitle } from '../../seo/public';

const IOS = platform === 'ios';

/**
 * /order: the seed's order form with the store's required fields and choices: name, phone (mask
 * +7 (999) 099-99-99), receiving (delivery with the address chosen on /map and house/entrance/floor, or
 * pickup at a place), payment (cash, card to the courier, card on the site), change, comment; the
 * summary with the promo discount and delivery; the order button runs the checks and sends the order.
 * Without cart items it goes to /.
 */
export default function CheckoutPage() {
  useLaterPageTitle();
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { store } = useShopContext();
  const cart = useSelector(selectCart);
  const order = useSelector(selectOrder);
  const point = useSelector(selectDeliveryPoint);
  const promo = useSelector(selectPromo);
  useScrollTop('order');

  useEffect(() => {
    dispatch(orderPageOpened());
    dispatch(cartRefreshRequested());
  }, [dispatch]);
  // The order button was refused: the first refused field gets the focus, once per press (typing never moves it).
  const focused = useRef(order.focusSeq);
  const leaving = useRef(false);
  useEffect(() => {
    if (order.focusSeq === focused.current) return;
    focused.current = order.focusSeq;
    const first = document.querySelector<HTMLElement>('.page--order .is-invalid input, .page--order .is-invalid textarea, .page--order .is-invalid a');
    first?.focus({ preventScroll: true });
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [order.focusSeq]);

  const form = order.form;
  const { payment, receiving } = effectiveChoices(form, store);
  const payments = paymentWaysOf(store);
  const receivings = receivingWaysOf(store);
  const now = useMemo(() => localNow(store?.timezone), [store?.timezone]);
  const errors = order.fieldErrors;
  const missing = new Set(order.missing);
  const set = (name: keyof OrderFormValues) => (value: string) => dispatch(orderFieldChanged({ name, value }));
  const lines = cart.items.filter((l) => l.quantity > 0);
  // The same facts and rule the order button and the server use: the zone's price and free-from sum, else the shop's.
  const preview = checkoutPreview({ form, store, lines, point, places: order.places, promo, now, ios: IOS, phoneVerified: false });

  // 'Продолжить' leaves for the order's page: the emptied cart must not send the page to / on the way.
  if (!lines.length && !order.result) return leaving.current ? null : <Navigate to="/" replace />;

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
            <Field id="client_name" label={t('checkout.fields.client_name')} required={req('client_name')} errors={errors}>
              <input id="client_name" className="order__input" autoComplete="name" maxLength={200} value={form.client_name} onChange={(e) => set('client_name')(e.target.value)} {...invalidProps('client_name', errors)} />
            </Field>
            <Field id="client_phone" label={t('checkout.fields.client_phone')} required={req('client_phone')} errors={errors}>
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
                  {...invalidProps('client_phone', errors)}
                />
              </div>
            </Field>
          </section>

          {receivings.length > 0 && (
            <ChoiceSet field="client_receiving" required={req('client_receiving')} missing={missing} errors={errors}>
              <Choices name="client_receiving" kind="receiving" ways={receivings} value={receiving} icon={(way) => (way === 'delivery' ? 'truck' : 'store')} onChange={set('client_receiving')} />
            </ChoiceSet>
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
                  <Link to="/map" className="button button--ghost address__button" {...invalidProps('client_address', errors)}>
                    {point ? t('checkout.change_address') : t('checkout.choose_address')}
                  </Link>
                </div>
              ) : (
                <div className={missing.has('client_address') ? 'is-invalid' : undefined}>
                  <label htmlFor="client_address" className="visually-hidden">
                    {t('checkout.fields.client_address')}
                  </label>
                  <input id="client_address" className="order__input" autoComplete="street-address" maxLength={500} value={form.client_address} onChange={(e) => set('client_address')(e.target.value)} {...invalidProps('client_address', errors)} />
                </div>
              )}
              <FieldError field="client_address" errors={errors} />
              <fieldset className={`numbers${missing.has('client_numbers') ? ' is-invalid' : ''}`}>
                <legend className="numbers__legend">
                  {t('checkout.fields.client_numbers')}
                  {req('client_numbers') && <Star />}
                </legend>
                <div className="numbers__row">
                  {(['client_house', 'client_entrance', 'client_appart', 'client_flat'] as const).map((name) => (
                    <label key={name} className="numbers__cell">
                      <span>{t(`checkout.numbers.${name}`)}</span>
                      <input
                        className="order__input"
                        maxLength={20}
                        autoComplete={name === 'client_flat' ? 'address-line2' : 'off'}
                        value={form[name]}
                        onChange={(e) => set(name)(e.target.value)}
                        {...(name === 'client_flat' ? {} : invalidProps('client_numbers', errors))}
                      />
                    </label>
                  ))}
                </div>
                <FieldError field="client_numbers" errors={errors} />
              </fieldset>
            </section>
          ) : (
            <ChoiceSet field="place_id" required missing={missing} errors={errors}>
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
            </ChoiceSet>
          )}

          <ChoiceSet
            field="client_payment"
            required={req('client_payment')}
            missing={missing}
            errors={errors}
            after={
              changeShown(store, payment) && (
                <Field id="client_change" label={t('checkout.fields.client_change')} required={req('client_change')} errors={errors}>
                  <input id="client_change" className="order__input order__input--short" inputMode="numeric" maxLength={9} value={form.client_change} onChange={(e) => set('client_change')(e.target.value.replace(/\D/g, '').slice(0, 9))} {...invalidProps('client_change', errors)} />
                </Field>
              )
            }
          >
            <Choices name="client_payment" kind="payment" ways={payments} value={payment} icon={(way) => (way === 'cash' ? 'orders' : 'card')} onChange={set('client_payment')} />
          </ChoiceSet>

          <section className="order__section">
            <Field id="client_comment" label={t('checkout.fields.client_comment')} required={req('client_comment')} errors={errors}>
              <textarea id="client_comment" className="order__input order__textarea" rows={4} maxLength={2000} value={form.client_comment} onChange={(e) => set('client_comment')(e.target.value)} {...invalidProps('client_comment', errors)} />
            </Field>
          </section>
        </div>

        <OrderSummary lines={lines} totals={preview.sums} promoCode={promo.code} deliveryCost={preview.delivery} terms={preview.terms} delivery={receiving === 'delivery'} sending={sending} online={payment === 'online'} />
      </form>

      {order.result?.kind === 'success' && (
        <Popup
          title={t('checkout.number', { n: order.result.orderId })}
          actions={
            <button
              type="button"
              className="button button--client"
              onClick={() => {
                const id = order.result?.kind === 'success' ? order.result.orderId : '';
                leaving.current = true;
                dispatch(orderPopupClosed());
                // The order's own page, with its summary (the seed went to /).
                navigate(id ? `/order/${id}` : '/', { replace: true });
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
          {t('errors.order_error')}
        </Popup>
      )}
      {order.sms && <SmsCheckPopup sms={order.sms} />}
      {!order.result && cart.unavailablePopup && <UnavailableItemsPopup />}
    </div>
  );
}
