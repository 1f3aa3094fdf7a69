import type { Catalogue } from '../index';

/** Texts the server itself sends (owner and customer notifications, SMS, payment descriptions), in Russian. */
export default {
  new_order_header: 'Новый заказ №{id}',
  new_order_desc: '{name}, {sum} р., {receiving}',
  no_name: 'Без имени',
  receiving_pickup: 'самовывоз',
  receiving_delivery: 'доставка',
  order_header: 'Заказ №{id}',
  status_desc: 'Статус заказа: {status}',
  statuses: {
    new: 'Новый',
    accepted: 'Принят',
    preparing: 'Готовится',
    delivering: 'Передан курьеру',
    done: 'Выполнен',
    cancelled: 'Отменён',
  },
  paid_header: 'Заказ №{id} оплачен',
  paid_desc: 'Оплата картой на сайте: {sum} р.',
  question_header: 'Вопрос по заказу №{id}',
  sms_login: 'Код для входа в {shop}: {code}',
  payment_description: 'Заказ №{id}',
} satisfies Catalogue;
