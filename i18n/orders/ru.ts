import type { Catalogue } from '../index';

/**
 * Order texts in Russian shared by the admin, the storefront and the server's own messages (notifications,
 * exports): the order's status, payment status, way of receiving and payment. One wording for every app.
 */
export default {
  status: {
    new: 'Новый',
    accepted: 'Принят',
    preparing: 'Готовится',
    delivering: 'Передан курьеру',
    /** A pickup order's 'delivering': it waits at the place (statusKey in schemas/order.ts). */
    ready: 'Готов к выдаче',
    done: 'Выполнен',
    cancelled: 'Отменён',
  },
  payment_status: {
    none: 'При получении',
    pending: 'Ожидает оплаты',
    paid: 'Оплачен',
    refunded: 'Деньги возвращены',
    failed: 'Оплата не прошла',
  },
  receiving: {
    delivery: 'Доставка',
    pickup: 'Самовывоз',
  },
  payment: {
    cash: 'Наличные',
    card: 'Картой курьеру',
    online: 'Картой на сайте',
  },
} satisfies Catalogue;
