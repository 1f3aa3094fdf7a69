import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from '../../../lib/router';
import { useScrollTop } from '../../../lib/scroll';
import { orderIdOf, paymentStatusRequested, selectPayment } from '../paymentSlice';

/**
 * The acquirer's return to the shop (/success_payment or /fail_payment ?orderId=N): the order id from the
 * address, the server asked for its payment state, and that state once it is this order's (`mine`).
 */
export function usePaymentReturn() {
  const dispatch = useDispatch();
  const { search } = useLocation();
  const orderId = orderIdOf(search);
  const payment = useSelector(selectPayment);
  useScrollTop(orderId);
  const recheck = () => {
    if (orderId) dispatch(paymentStatusRequested(orderId));
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(recheck, [orderId, dispatch]);
  return { orderId, payment, mine: !!orderId && payment.orderId === orderId, recheck };
}
