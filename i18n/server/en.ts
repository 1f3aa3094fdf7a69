import type { Catalogue, Shape } from '../index';
import common from '../common/en';
import orderTexts from '../orders/en';
import storefront from '../storefront/en';
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
  statuses: orderTexts.status,
  paid_header: 'Order No. {id} is paid',
  paid_desc: 'Paid by card on the site: {sum} ₽',
  question_header: 'A question about order No. {id}',
  sms_login: 'Your code for {shop}: {code}',
  sms_login_plain: 'Your sign-in code: {code}',
  no_shop_title: 'There is no shop here',
  no_shop_text: 'No shop is open at this address. Check the address; if it is your shop, prove the domain in its settings.',
  signin_guessed_header: 'Someone is guessing your sign-in code',
  signin_guessed_desc: '{count} wrong codes for your phone within a day; after {budget} sign-in with it pauses for a day',
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
    receiving: orderTexts.receiving,
  },
  // The page titles are the storefront's own texts: a hydrated page and the app's later pages title themselves
  // alike (storefront/features/seo/pageTitle.ts).
  seo: {
    not_found: common.common.page_not_found,
    to_main: 'To the main page',
    in_stock: 'in stock',
    out_of_stock: 'out of stock',
    catalogue: storefront.catalog.catalog,
    search: storefront.search.title,
    info: {
      about_company: storefront.menu.about_company,
      delivery: storefront.menu.delivery,
      payment: storefront.menu.payment,
      contacts: storefront.menu.contacts,
    },
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    signin_guessed: 'Someone is guessing the sign-in code of your phone\n{count} wrong codes were entered for your phone, the owner of «{shop}», within a day. After {budget} wrong codes sign-in with this phone pauses for a day. If it was not you, never share the codes from SMS.',
    new_order: "New order #{order} for {total}\n{name}, {phone}\n{receiving}: {address}\n{lines}\nPayment: {payment}\nComment: {comment}",
    order_confirmation: "Order #{order} received\nHello {name}, your order at {shop} has been received.\n{lines}\nTotal: {total}\n{receiving}: {address}",
    order_status: "Order #{order}: {status}\nThe status of your order at {shop}: {status}.",
    question: "Question about order #{order}\n{name}, {contact}\n{text}",
    import_failed: "YML import failed\nShop {shop}: {error}",
    low_stock: "Running low: {product}\n{count} left.",
    delivery: orderTexts.receiving.delivery,
    pickup: orderTexts.receiving.pickup,
    none: "—",
    status: orderTexts.status,
  },
} satisfies Catalogue & Shape<typeof ru>;
