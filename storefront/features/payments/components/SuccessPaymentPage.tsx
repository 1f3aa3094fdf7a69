import { Link, Navigate, useNavigate } from '../../../lib/router';
import { useT } from '../../../lib/i18n';
import PaymentResultPanel from './PaymentResultPanel';
import { usePaymentReturn } from './usePaymentReturn';

/**
 * /success_payment?orderId=N (the acquirer's returnUrl): asks the server whether the order is paid. Paid:
 * 'Оплата успешна, заказ №N сформирован', the cart is emptied, a button to the main page. Not paid: the
 * fail text; still pending: a waiting state, then 'check again'. Without orderId: the main page.
 */
export default function SuccessPaymentPage() {
  const t = useT();
  const navigate = useNavigate();
  const { orderId, payment, mine, recheck } = usePaymentReturn();
  if (!orderId) return <Navigate to="/" replace />;
  const toOrder = (
    <Link className="button button--ghost" to={`/order/${orderId}`}>
      {t('payment.open_order')}
    </Link>
  );

  if (mine && payment.result === 'paid') {
    return (
      <PaymentResultPanel kind="success" title={t('payment.success', { number: orderId })}>
        <button type="button" className="button" onClick={() => navigate('/')}>
          {t('common.to_main')}
        </button>
        {toOrder}
      </PaymentResultPanel>
    );
  }
  if (mine && payment.result === 'failed') {
    return (
      <PaymentResultPanel kind="fail" title={t('payment.fail')} note={t('payment.fail_note')}>
        <button type="button" className="button" onClick={() => navigate(`/order/${orderId}`)}>
          {t('payment.try_again')}
        </button>
        <Link className="button button--ghost" to="/cart">
          {t('payment.to_cart')}
        </Link>
      </PaymentResultPanel>
    );
  }
  if (mine && payment.status === 'failed') {
    return (
      <PaymentResultPanel kind="fail" title={t('payment.unknown')} note={payment.error}>
        <button type="button" className="button" onClick={recheck}>
          {t('common.retry')}
        </button>
        {toOrder}
      </PaymentResultPanel>
    );
  }
  if (mine && payment.result === 'pending' && payment.status === 'idle') {
    return (
      <PaymentResultPanel kind="wait" title={t('payment.pending')} note={t('payment.pending_note')}>
        <button type="button" className="button" onClick={recheck}>
          {t('payment.check_again')}
        </button>
        {toOrder}
      </PaymentResultPanel>
    );
  }
  return <PaymentResultPanel kind="wait" title={t('payment.checking')} note={t('payment.checking_note', { number: orderId })} />;
}
