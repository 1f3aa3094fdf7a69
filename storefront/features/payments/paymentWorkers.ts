import { call, delay, getContext, put } from 'redux-saga/effects';
import { ApiError, NetworkError, type ApiClient } from '../../../dataProvider/apiClient';
import { deviceId } from '../../lib/device';
import { hasText, t } from '../../lib/i18n';
import { cartCleared } from '../cart/public';
import { paymentStatusFailed, paymentStatusKnown, paymentStatusRequested, type PaymentResult } from './paymentSlice';

/**
 * The payment pages' worker (its own chunk, loaded by paymentSaga.ts when a return page opens).
 * Asks api=sber_status for the order of a return page. The seed's payment retries: a lost connection is
 * asked again up to 10 times, 100 ms apart. While the acquirer has not settled the payment ('pending') the
 * page asks again every 1.5 s, 10 times in all, then offers 'check again'. Paid: the cart is emptied.
 */
export const STATUS_TRIES = 10;
export const NETWORK_RETRIES = 10;
export const NETWORK_RETRY_MS = 100;
export const PENDING_RETRY_MS = 1500;

interface StatusAnswer {
  orderId?: number;
  paymentStatus?: string;
  paid?: string;
}

export const resultOf = (r: StatusAnswer): Exclude<PaymentResult, 'unknown'> =>
  r?.paid === '1' || r?.paymentStatus === 'paid' ? 'paid' : r?.paymentStatus === 'failed' ? 'failed' : 'pending';

function errorText(e: unknown): string {
  if (e instanceof NetworkError) return t('errors.no_connection');
  if (e instanceof ApiError && e.status === 404) return t('payment.order_not_found');
  if (e instanceof ApiError && hasText(`errors.${e.code}`)) return t(`errors.${e.code}`);
  if (e instanceof ApiError && e.message) return e.message;
  return t('errors.error_msg');
}

/** The order is paid: the cart it came from is done (the cart's own action; its saga stores the empty cart). */
function* clearCart() {
  yield put(cartCleared());
}

export function* checkStatus(action: ReturnType<typeof paymentStatusRequested>) {
  const orderId = action.payload;
  const client: ApiClient = yield getContext('api');
  let tokenRetried = false;
  for (let attempt = 0; attempt < STATUS_TRIES; attempt++) {
    try {
      const res: StatusAnswer = yield call([client, client.call], 'sber_status', { orderId, device_id: deviceId() }, { retries: NETWORK_RETRIES, retryDelay: NETWORK_RETRY_MS });
      const result = resultOf(res);
      if (result === 'paid') yield* clearCart();
      const final = result !== 'pending' || attempt + 1 >= STATUS_TRIES;
      yield put(paymentStatusKnown({ orderId, result, final }));
      if (final) return;
    } catch (e) {
      // A stale session: the api client dropped it; the device may still own the order.
      if (e instanceof ApiError && e.isTokenError && !tokenRetried) {
        tokenRetried = true;
        attempt--;
        continue;
      }
      yield put(paymentStatusFailed({ orderId, error: errorText(e) }));
      return;
    }
    yield delay(PENDING_RETRY_MS);
  }
}
