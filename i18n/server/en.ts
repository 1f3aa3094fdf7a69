import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Texts the server itself sends, in English; the same keys as ru.ts. */
export default {
  new_order_header: 'New order No. {id}',
  new_order_desc: '{name}, {sum} ₽, {receiving}',
  no_name: 'No name',
  receiving_pickup: 'pickup',
  receiving_delivery: 'delivery',
  order_header: 'Order No. {id}',
  status_desc: 'Order status: {status}',
  paid_header: 'Order No. {id} is paid',
  paid_desc: 'Paid by card on the site: {sum} ₽',
  question_header: 'A question about order No. {id}',
  sms_login: 'Your code for {shop}: {code}',
  payment_description: 'Order No. {id}',
  export: {
    headers: {
      id: 'No.',
      date: 'Date',
      created: 'Created',
      status: 'Status',
      payment: 'Payment',
      payment_status: 'Payment status',
      receiving: 'Receiving',
      place: 'Place',
      client: 'Customer',
      phone: 'Phone',
      email: 'E-mail',
      address: 'Address',
      products: 'Products',
      goods: 'Goods total',
      discount: 'Discount',
      promo: 'Promo code',
      delivery: 'Delivery',
      total: 'Total',
    },
    house: 'house {value}',
    entrance: 'entrance {value}',
    appart: 'apt. {value}',
  },
  seo: {
    to_main: 'To the main page',
    in_stock: 'in stock',
    out_of_stock: 'out of stock',
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    new_order: "New order #{order} for {total}\n{name}, {phone}\n{receiving}: {address}\n{lines}\nPayment: {payment}\nComment: {comment}",
    order_confirmation: "Order #{order} received\nHello {name}, your order at {shop} has been received.\n{lines}\nTotal: {total}\n{receiving}: {address}",
    order_status: "Order #{order}: {status}\nThe status of your order at {shop}: {status}.",
    question: "Question about order #{order}\n{name}, {contact}\n{text}",
    import_failed: "YML import failed\nShop {shop}: {error}",
    low_stock: "Running low: {product}\n{count} left.",
    none: "—",
  },
} satisfies Catalogue & Shape<typeof ru>;
