/** What the other features may use of payments (they import nothing else of it). */
export { PaymentFormMissing, PaymentRefused, requestPaymentForm } from './paymentForm';
