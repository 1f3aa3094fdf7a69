import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from '../../../lib/router';
import Icon from '../../../components/Icon';
import Loader from '../../../components/Loader';
import NoConnection from '../../../components/NoConnection';
import { hasText, useT } from '../../../lib/i18n';
import { formatPrice } from '../../../../schemas/rules/money';
import { useScrollTop } from '../../../lib/scroll';
import { myOrdersRequested, selectMyOrders, selectSession, type OrderSummary } from '../accountSlice';
import { orderDate } from '../format';
import '../account.css';
import { statusKey } from '../../../../schemas/rules/orderStatus';

/** An order's status in words; a pickup order's 'delivering' reads 'Готов к выдаче' (statusKey). */
export const statusText = (t: (k: string) => string, order: { status: string; receiving: string }) => {
  const key = statusKey(order.status, order.receiving);
  return hasText(`account.status.${key}`) ? t(`account.status.${key}`) : order.status;
};

function OrderRow({ order }: { order: OrderSummary }) {
  const t = useT();
  const awaitingPayment = order.paymentStatus === 'pending' || order.paymentStatus === 'failed';
  return (
    <li>
      <Link to={`/order/${order.id}`} className="card-list__row order-row">
        <span className="order-row__main">
          <span className="order-row__number">{t('account.order_title', { number: order.id })}</span>
          <span className="order-row__date">{orderDate(order)}</span>
        </span>
        <span className="order-row__side">
          <span className="order-row__total" dir="ltr">
            {formatPrice(order.total)}
          </span>
          <span className={`status-chip status-chip--${order.status}`}>{statusText(t, order)}</span>
          {awaitingPayment && <span className="order-row__pay">{t(`account.payment_status.${order.paymentStatus}`)}</span>}
        </span>
        <Icon name="forward" size={20} className="order-row__arrow flip-rtl" />
      </Link>
    </li>
  );
}

/**
 * /my_orders: the customer's orders, newest first (api=orders list=1 with the device id, and the session
 * when signed in); a row opens /order/{id}. 'Список заказов пуст' when there are none.
 */
export default function MyOrdersPage() {
  const t = useT();
  const dispatch = useDispatch();
  const session = useSelector(selectSession);
  const { items, status, error, loaded } = useSelector(selectMyOrders);
  useScrollTop('my_orders');

  useEffect(() => {
    dispatch(myOrdersRequested());
  }, [dispatch, session?.userId]);

  let body;
  if (status === 'failed') body = <NoConnection onRetry={() => dispatch(myOrdersRequested())} serverError={error === 'server_error'} />;
  else if (!loaded) body = <Loader delay={400} />;
  else if (!items.length) body = <p className="empty">{t('account.orders_empty')}</p>;
  else
    body = (
      <ul className="card-list order-list" aria-label={t('account.my_orders')}>
        {items.map((o) => (
          <OrderRow key={o.id} order={o} />
        ))}
      </ul>
    );

  return (
    <div className="page page--account">
      <h1 className="page__title">{t('account.my_orders')}</h1>
      {!session && (
        <p className="account-hint">
          <span>{t('account.orders_hint')}</span>
          <Link className="button button--ghost" to="/login" state={{ from: '/my_orders' }}>
            {t('menu.sign_in')}
          </Link>
        </p>
      )}
      {body}
    </div>
  );
}
