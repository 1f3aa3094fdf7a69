import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useScrollTop } from '../../../lib/scroll';
import { orderIdOf, paymentStatusRequested, selectPayment } from '../paymentSlice';
import PaymentResultPanel from './PaymentResultPanel';

/**
 * /fail_payment?orderId=N (the acquirer's failUrl): 'Оплата не прошла' and a button back to the cart; the
 * order stays, so it can be paid again from its page. The server is asked too (it records the refusal);
 * should it say the order is paid after all, the success page takes over. Without orderId: the main page.
 */
export default function FailPaymentPage() {
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const orderId = orderIdOf(search);
  const payment = useSelector(selectPayment);
  useScrollTop(orderId);

  useEffect(() => {
    if (orderId) dispatch(paymentStatusRequested(orderId));
  }, [orderId, dispatch]);

  if (!orderId) return <Navigate to="/" replace />;
  if (payment.orderId === orderId && payment.result === 'paid') return <Navigate to={`/success_payment?orderId=${orderId}`} replace />;
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
