import { defineEntity } from './field';

/** The footer's news subscription form. */
export const subscriptionSchema = defineEntity('subscriptions', 'subscriptions', [
  { no: 840, key: 'name', type: 'varchar', required: true, maxLength: 200 },
  { no: 841, key: 'email', type: 'email', required: true, maxLength: 254 },
]);

/** The customer's question about an order (/order/{id}/review). */
export const questionSchema = defineEntity('questions', 'questions', [
  { no: 850, key: 'order_id', name: 'orderId', type: 'number', required: true, column: 'order_id' },
  { no: 851, key: 'contact', type: 'varchar', required: true, maxLength: 200 },
  { no: 852, key: 'message', type: 'textarea', required: true, maxLength: 5000 },
  { no: 853, key: 'images', type: 'json', readOnly: true },
]);
