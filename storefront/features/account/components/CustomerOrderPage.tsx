import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useNavigate, useParams } from '../../../lib/router';
import Icon from '../../../components/Icon';
import AccountIcon from './AccountIcon';
import Loader from '../../../components/Loader';
import NoConnection from '../../../components/NoConnection';
import ProductImage from '../../../components/ProductImage';
import { useCategoryTree } from '../../../components/ShopContext';
import { pathOf } from '../../../lib/categories';
import { hasText, useT } from '../../../lib/i18n';
import { formatPrice } from '../../../../schemas/rules/money';
import { useScrollTop } from '../../../lib/scroll';
import { canPayOnline, orderPayRequested, orderRequested, selectOrder, selectPay, type OrderDetail, type PickupPlace } from '../accountSlice';
import { orderDate } from '../format';
import { statusText } from './MyOrdersPage';
import { AddressLink, CopyButton, ShopContacts } from '../../share/public';
import '../account.css';
import { useLaterPageTitle } from '../../seo/public';

/** A whole order number from the route, else null (→ /404). */
export const orderIdParam = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null);

/** The order's menu (the seed: 'Вопрос по заказу' → {current path}/review). */
function OrderMenu({ orderId }: { orderId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    box.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="order-menu" ref={box}>
      <button type="button" className="icon-button" aria-label={t('account.order_menu')} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <AccountIcon name="more" />
      </button>
      {open && (
        <div className="order-menu__list" role="menu">
          <button type="button" role="menuitem" className="order-menu__item" onClick={() => navigate(`/order/${orderId}/review`)}>
            <Icon name="mail" size={20} />
            {t('account.question')}
          </button>
        </div>
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ClientBlock({ order, place }: { order: OrderDetail; place: PickupPlace | null }) {
  const t = useT();
  // The address's numbers, each named: 'д. 5, подъезд 2, этаж 7, кв. 12'.
  const numbers = (['house', 'entrance', 'floor', 'flat'] as const)
    .filter((k) => order[k] !== null && order[k] !== undefined && String(order[k]).trim() !== '')
    .map((k) => t(`account.${k}_n`, { value: String(order[k]) }));
  return (
    <Card id="order-client" title={t('account.client')}>
      <dl className="info-list">
        {order.clientName && <Row label={t('account.name')}>{order.clientName}</Row>}
        {order.phone && (
          <Row label={t('account.phone_label')}>
            <span dir="ltr">{order.phone}</span>
          </Row>
        )}
        {order.email && <Row label={t('account.email')}>{order.email}</Row>}
        <Row label={t('account.receiving')}>{order.receiving === 'pickup' ? t('account.pickup') : t('account.delivery')}</Row>
        {order.receiving === 'pickup'
          ? place && (
              <Row label={t('account.place')}>
                {place.name}
                {place.address ? ', ' : ''}
                {place.address && <AddressLink address={[place.city, place.address].filter(Boolean).join(', ')}>{place.address}</AddressLink>}
              </Row>
            )
          : order.address && (
              <Row label={t('account.address')}>
                <AddressLink address={order.address}>
                  {order.address}
                  {numbers.length ? `, ${numbers.join(', ')}` : ''}
                </AddressLink>
              </Row>
            )}
        <Row label={t('account.payment')}>
          {order.paymentLabel ?? order.payment}
          {order.oddMoney ? ` (${t('account.change_from', { sum: formatPrice(order.oddMoney) })})` : ''}
        </Row>
        {order.comment && <Row label={t('account.comment')}>{order.comment}</Row>}
      </dl>
    </Card>
  );
}

/** A titled card of the order page. */
function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="account-card" aria-labelledby={id}>
      <h2 className="account-card__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Lines({ order }: { order: OrderDetail }) {
  const t = useT();
  const { tree } = useCategoryTree();
  return (
    <Card id="order-lines" title={t('account.products')}>
      <ul className="order-lines">
        {order.products.map((l) => (
          <li key={l.id} className="order-line">
            <div className="order-line__image">
              <ProductImage path={l.picture} alt={l.name} size={120} decorative />
            </div>
            <div className="order-line__text">
              {l.categoryId ? (
                <Link className="order-line__name" to={`/category/${pathOf(tree, String(l.categoryId))}/item/${l.id}`}>
                  {l.name}
                </Link>
              ) : (
                <span className="order-line__name">{l.name}</span>
              )}
              <span className="order-line__qty" dir="ltr">
                {t('account.quantity', { n: l.quantity, price: formatPrice(l.price, l.currency) })}
              </span>
            </div>
            <span className="order-line__sum" dir="ltr">
              {formatPrice(l.sum, l.currency)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="order-totals">
        <div>
          <dt>{t('account.goods_total')}</dt>
          <dd dir="ltr">{formatPrice(order.goodsTotal)}</dd>
        </div>
        {order.discount > 0 && (
          <div className="order-totals__discount">
            <dt>
              {/* A percent code says its percent; a fixed-sum code (no percent stored) only its name. */}
              {!order.promoCode ? t('account.discount') : order.promoDiscount ? t('account.promo', { code: order.promoCode, percent: order.promoDiscount }) : t('checkout.promo_discount', { code: order.promoCode })}
            </dt>
            <dd dir="ltr">−{formatPrice(order.discount)}</dd>
          </div>
        )}
        {order.receiving !== 'pickup' && (
          <div>
            <dt>{t('account.delivery_cost')}</dt>
            <dd dir="ltr">{order.deliveryCost ? formatPrice(order.deliveryCost) : t('account.free')}</dd>
          </div>
        )}
        <div className="order-totals__total">
          <dt>{t('account.total')}</dt>
          <dd dir="ltr">{formatPrice(order.total)}</dd>
        </div>
      </dl>
    </Card>
  );
}

/**
 * /order/{id}: one order of this customer: number, date, status and payment status; the client block;
 * the lines with the server's totals; 'Оплатить' for an unpaid online order (api=sber → the acquirer's
 * page); the menu's 'Вопрос по заказу'. Another customer's order is a 404 from the server: the 404 page.
 */
export default function CustomerOrderPage() {
  useLaterPageTitle();
  const t = useT();
  const dispatch = useDispatch();
  const { orderId } = useParams();
  const id = orderIdParam(orderId);
  const { id: loadedId, data, place, status, error } = useSelector(selectOrder);
  const pay = useSelector(selectPay);
  useScrollTop(id);

  useEffect(() => {
    if (id) dispatch(orderRequested(id));
  }, [id, dispatch]);

  if (!id) return <Navigate to="/404" replace />;
  const mine = loadedId === id;
  if (mine && error === 'not_found') return <Navigate to="/404" replace />;

  let body;
  const order = mine ? data : null;
  if (mine && status === 'failed' && !order) body = <NoConnection onRetry={() => dispatch(orderRequested(id))} serverError={error === 'server_error'} />;
  else if (!order) body = <Loader delay={400} />;
  else {
    const paying = pay.orderId === id && pay.status === 'loading';
    body = (
      <>
        <div className="order-summary">
          <div>
            <span className="account-muted">{t('account.status_label')}</span>
            <span className={`status-chip status-chip--${order.status}`}>{statusText(t, order)}</span>
          </div>
          <div>
            <span className="account-muted">{t('account.payment_status_label')}</span>
            <span className={`pay-status pay-status--${order.paymentStatus}`}>
              {hasText(`account.payment_status.${order.paymentStatus}`) ? t(`account.payment_status.${order.paymentStatus}`) : order.paymentStatus}
            </span>
          </div>
          {order.status === 'cancelled' && order.cancelReason && (
            <p className="order-summary__reason">
              {t('account.cancel_reason')}: {order.cancelReason}
            </p>
          )}
          {canPayOnline(order) && (
            <button type="button" className="button order-summary__pay" disabled={paying} onClick={() => dispatch(orderPayRequested(id))}>
              <Icon name="card" size={20} />
              {paying ? t('account.paying') : t('account.pay')}
            </button>
          )}
        </div>
        <div className="order-columns">
          <ClientBlock order={order} place={place} />
          <Lines order={order} />
        </div>
      </>
    );
  }

  return (
    <div className="page page--account page--order">
      <Link className="account-back" to="/my_orders">
        <Icon name="back" size={18} className="flip-rtl" />
        {t('account.my_orders')}
      </Link>
      <div className="order-head">
        <h1 className="page__title">
          {t('account.order_title', { number: id })}
          {order && <span className="order-head__date">{t('account.order_from', { date: orderDate(order) })}</span>}
        </h1>
        <CopyButton text={String(id)} label={t('share.copy_number')} />
        <OrderMenu orderId={id} />
      </div>
      {body}
      {order && <ShopContacts />}
    </div>
  );
}
