import type { Catalogue } from '../index';
import type ru from './ru';

/** Texts the server itself sends, in English. */
export default {
  new_order_header: 'New order No. {id}',
  new_order_desc: '{name}, {sum} ₽, {receiving}',
  no_name: 'No name',
  receiving_pickup: 'pickup',
  receiving_delivery: 'delivery',
  order_header: 'Order No. {id}',
  status_desc: 'Order status: {status}',
  statuses: {
    new: 'New',
    accepted: 'Accepted',
    preparing: 'Preparing',
    delivering: 'With the courier',
    done: 'Done',
    cancelled: 'Cancelled',
  },
  paid_header: 'Order No. {id} is paid',
  paid_desc: 'Paid by card on the site: {sum} ₽',
  question_header: 'A question about order No. {id}',
  sms_login: 'Your code for {shop}: {code}',
  payment_description: 'Order No. {id}',
} satisfies Catalogue & Record<keyof typeof ru, unknown>;
