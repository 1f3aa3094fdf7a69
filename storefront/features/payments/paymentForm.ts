import { call, delay, getContext } from 'redux-saga/effects';
import { NetworkError, type ApiClient, type Params } from '../../../dataProvider/apiClient';

/**
 * api=sber: the acquirer's payment form for an order (the order form's online payment and 'Оплатить заказ'
 * on the order page). The seed's payment retries: an empty answer (neither formUrl nor errorMessage) or a
 * lost connection is asked again, 10 tries in all, 100 ms apart; each empty answer is only logged. An answer
 * with errorMessage is a refusal (PaymentRefused); other failures are thrown as they are.
 */
export const PAYMENT_FORM_TRIES = 10;
export const PAYMENT_FORM_RETRY_MS = 100;

export interface PaymentFormAnswer {
  formUrl?: string | null;
  localOrder?: unknown;
  errorMessage?: string | null;
}

export class PaymentRefused extends Error {}
/** Ten tries gave no form. */
export class PaymentFormMissing extends Error {}

export function* requestPaymentForm(params: Params) {
  const client: ApiClient = yield getContext('api');
  let last: unknown = null;
  for (let attempt = 1; attempt <= PAYMENT_FORM_TRIES; attempt++) {
    try {
      const res: PaymentFormAnswer | null = yield call([client, client.call], 'sber', params);
      if (res?.formUrl) return res.formUrl;
      if (res?.errorMessage) throw new PaymentRefused(res.errorMessage);
      console.warn(`api=sber: an empty answer (try ${attempt} of ${PAYMENT_FORM_TRIES})`, res);
      last = null;
    } catch (e) {
      if (!(e instanceof NetworkError)) throw e;
      last = e;
    }
    if (attempt < PAYMENT_FORM_TRIES) yield delay(PAYMENT_FORM_RETRY_MS);
  }
  throw last ?? new PaymentFormMissing('no payment form');
}
