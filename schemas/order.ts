import { defineEntity } from './field';
import { LANG_CODE } from './store';

export const PAYMENT_WAYS = ['cash', 'card', 'online'] as const;
export type PaymentWay = (typeof PAYMENT_WAYS)[number];
/** The seed's payment labels of a stored order. */
export const PAYMENT_LABELS: Record<string, string> = {
  CASH: 'Наличные',
  ELECTRON: 'Картой курьеру',
  ONLINE: 'Картой на сайте',
};
export const PAYMENT_UNKNOWN_LABEL = 'Оплата не определена (не подошло ни одно значение)';
export const PAYMENT_CODES: Record<PaymentWay, keyof typeof PAYMENT_LABELS> = { cash: 'CASH', card: 'ELECTRON', online: 'ONLINE' };

export const RECEIVING_WAYS = ['delivery', 'pickup'] as const;
export type ReceivingWay = (typeof RECEIVING_WAYS)[number];

export const ORDER_STATUSES = ['new', 'accepted', 'preparing', 'delivering', 'done', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export { statusKey } from './rules/orderStatus';

/** The longest reason an owner can give for cancelling an order (it goes into the customer's SMS). */
export const CANCEL_REASON_MAX = 200;

/** The customer's order form: plain keys (`client_name=...`), as the seed sends them. */
export const orderFormSchema = defineEntity('order_form', 'orders', [
  { no: 752, key: 'client_name', type: 'varchar', required: true, maxLength: 200 },
  { no: 753, key: 'client_phone', type: 'phone', required: true, maxLength: 30, mask: '+7 (999) 099-99-99' },
  {
    no: 754,
    key: 'client_payment',
    type: 'select',
    required: true,
    options: PAYMENT_WAYS.map((id) => ({ id, label: `resources.orders.payment.${id}` })),
  },
  {
    no: 755,
    key: 'client_receiving',
    type: 'select',
    required: true,
    default: 'delivery',
    options: RECEIVING_WAYS.map((id) => ({ id, label: `resources.orders.receiving.${id}` })),
  },
  { no: 751, key: 'delivery', type: 'bool', default: true },
  { no: 756, key: 'client_address', type: 'varchar', required: true, maxLength: 500 },
  { no: 757, key: 'client_coords', type: 'varchar', maxLength: 60 },
  { no: 758, key: 'client_change', type: 'float', min: 0 },
  // The seed's group 'Дом/подъезд/этаж': house, entrance and floor; the form asks client_appart as the floor.
  { no: 759, key: 'client_house', type: 'varchar', maxLength: 20, group: 'client_numbers' },
  { no: 760, key: 'client_appart', type: 'varchar', maxLength: 20, group: 'client_numbers' },
  { no: 761, key: 'client_entrance', type: 'varchar', maxLength: 20, group: 'client_numbers' },
  // The flat: a field of its own (not in the seed's group, so a house without flats needs none).
  { no: 766, key: 'client_flat', type: 'varchar', maxLength: 20 },
  { no: 762, key: 'client_comment', type: 'textarea', rows: 4, maxLength: 2000 },
  { no: 763, key: 'client_promocode', type: 'varchar', maxLength: 54, pattern: /^[A-Z0-9]*$/ },
  { no: 764, key: 'client_email', type: 'email', maxLength: 254 },
  { no: 765, key: 'idempotency_key', type: 'varchar', required: true, maxLength: 100 },
], 'orders');

/** A stored order as the owner and its customer see it. */
export const orderSchema = defineEntity('orders', 'orders', [
  // The order's number in its shop (the internal row id never leaves the server).
  { no: 700, key: 'order_id', name: 'id', type: 'number', readOnly: true, column: 'number' },
  { no: 701, key: 'date', type: 'date', readOnly: true },
  { no: 702, key: 'datetime', type: 'date', readOnly: true, column: 'created_at' },
  { no: 703, key: 'user_id', name: 'userId', type: 'number', readOnly: true, column: 'user_id' },
  { no: 704, key: 'store_id', name: 'shopId', type: 'number', readOnly: true, column: 'store_id' },
  { no: 705, key: 'place_id', name: 'placeId', type: 'number', column: 'place_id' },
  { no: 706, key: 'payment', type: 'varchar', readOnly: true },
  { no: 707, key: 'total_price', name: 'totalPrice', type: 'float', readOnly: true },
  { no: 708, key: 'total_quantity', name: 'totalQuantity', type: 'number', readOnly: true },
  { no: 709, key: 'cashbox_receipt', name: 'cashboxReceipt', type: 'varchar', readOnly: true },
  { no: 710, key: 'cashbox_send', name: 'cashboxSend', type: 'bool', readOnly: true },
  { no: 711, key: 'phone', type: 'phone', readOnly: true },
  { no: 712, key: 'email', type: 'email', readOnly: true },
  { no: 713, key: 'client_name', name: 'clientName', type: 'varchar', readOnly: true },
  { no: 714, key: 'address', type: 'varchar', readOnly: true },
  { no: 715, key: 'latitude', type: 'varchar', readOnly: true },
  { no: 716, key: 'longitude', type: 'varchar', readOnly: true },
  { no: 717, key: 'comment', type: 'textarea', readOnly: true },
  { no: 718, key: 'odd_money', name: 'oddMoney', type: 'float', readOnly: true },
  {
    no: 719,
    key: 'status',
    type: 'select',
    default: 'new',
    options: ORDER_STATUSES.map((id) => ({ id, label: `resources.orders.status.${id}` })),
    column: 'status',
  },
  /** Why the owner cancelled the order (PUT with status 'cancelled'); the customer's page, SMS and e-mail say it. */
  { no: 737, key: 'cancel_reason', name: 'cancelReason', type: 'varchar', maxLength: CANCEL_REASON_MAX },
  { no: 720, key: 'view_datetime', name: 'viewDatetime', type: 'date', readOnly: true },
  { no: 721, key: 'ready_datetime', name: 'readyDatetime', type: 'date', readOnly: true },
  { no: 722, key: 'start_prepare_datetime', name: 'startPrepareDatetime', type: 'date', readOnly: true },
  { no: 723, key: 'start_delivery_datetime', name: 'startDeliveryDatetime', type: 'date', readOnly: true },
  { no: 724, key: 'finish_delivery_datetime', name: 'finishDeliveryDatetime', type: 'date', readOnly: true },
  { no: 725, key: 'products', type: 'json', readOnly: true },
  { no: 726, key: 'delivery_cost', name: 'deliveryCost', type: 'float', readOnly: true },
  { no: 727, key: 'discount', type: 'float', readOnly: true },
  { no: 728, key: 'promo_code', name: 'promoCode', type: 'varchar', readOnly: true },
  { no: 729, key: 'payment_status', name: 'paymentStatus', type: 'varchar', readOnly: true },
  {
    no: 730,
    key: 'receiving',
    type: 'select',
    readOnly: true,
    options: RECEIVING_WAYS.map((id) => ({ id, label: `resources.orders.receiving.${id}` })),
  },
  { no: 731, key: 'house', type: 'varchar', readOnly: true },
  /** The floor (the form's client_appart; stored orders before the flat field keep it as `appart`). */
  { no: 732, key: 'floor', type: 'varchar', readOnly: true },
  { no: 733, key: 'entrance', type: 'varchar', readOnly: true },
  { no: 736, key: 'flat', type: 'varchar', readOnly: true },
  /** What the customer pays: the goods after the discount plus delivery. */
  { no: 734, key: 'total', type: 'float', readOnly: true },
  /** The language the customer ordered in (the request's `lang`); their status texts and e-mails use it. */
  { no: 735, key: 'lang', type: 'varchar', readOnly: true, maxLength: 2, pattern: LANG_CODE, column: 'lang' },
]);

/** What GET /rest/orders/live sends (event `orders`) whenever it changes: the shop's new orders and its latest order's number. */
export interface NewOrdersEvent {
  /** Orders in the status 'new' (not taken by the owner yet). */
  count: number;
  /** The number of the shop's latest order, null before the first. */
  last: number | null;
}
