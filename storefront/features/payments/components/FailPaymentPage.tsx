import { Link, Navigate, useNavigate } from '../../../lib/router';
import { useT } from '../../../lib/i18n';
import PaymentResultPanel from './PaymentResultPanel';
import { usePaymentReturn } from './usePaymentReturn';

/**
 * /fail_payment?orderId=N (the acquirer's failUrl): 'Оплата не прошла' and a button back to the cart; the
 * order stays, so it can be paid again from its page. The server is asked too (it records the refusal);
 * should it say the order is paid after all, the success page takes over. Without orderId: the main page.
 */
export default function FailPaymentPage() {
  const t = useT();
  const navigate = useNavigate();
  const { orderId, payment, mine } = usePaymentReturn();
  if (!orderId) return <Navigate to="/" replace />;
  if (mine && payment.result === 'paid') return <Navigate to={`/success_payment?orderId=${orderId}`} replace />;
  return (
    <PaymentResultPanel kind="fail" title={t('payment.fail')} note={t('payment.fail_note')}>
      <button type="button" className="button" onClick={() => navigate('/cart')}>
        {t('payment.to_cart')}
      </button>
      <Link className="button button--ghost" to={`/order/${orderId}`}>
        {t('payment.open_order')}
      </Link>
    </PaymentResultPanel>
  );
}
