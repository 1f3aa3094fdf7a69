import { ORDER_STATUSES, statusKey, PAYMENT_LABELS, PAYMENT_UNKNOWN_LABEL, fromRow, orderSchema, toApiObject } from '../../../schemas';
import type { Selectable } from 'kysely';
import type { Db, Executor, OrdersTable, Store } from '../../db/types';
import { now } from '../../db/database';
import { badRequest, notFound, serverText } from '../../errors';
import type { SessionUser } from '../../api/session';
import { round2 } from '../../../schemas/rules';
import { isLang, type Lang } from '../../../i18n';
import { shopLang } from '../../api/tenant';
import { notify, enqueueStatusChange, type OrderFacts } from '../notifications/public';
import { releaseStock, reserveStock } from '../catalogue/public';

/**
 * Orders as records: what an order stores, how its customer and the owner read it, who owns it, and its
 * status changes. Placing one is the checkout's (server/features/checkout).
 */

const DEVICE_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** A device's id as the client keeps it (random, 8..128 of letters, digits, '-' and '_'); null when not sent. */
export function deviceIdOf(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!DEVICE_ID.test(raw)) throw badRequest('invalid_input', 'device_id must be 8 to 128 letters, digits, - or _', ['device_id']);
  return raw;
}

/** One line of a stored order: the product as it was sold. `price` is per unit after the promo discount. */
export interface OrderLine {
  id: string;
  name: string;
  price: number;
  /** The unit price before the promo discount. */
  basePrice: number;
  quantity: number;
  sum: number;
  currency: string;
  categoryId: string;
  picture: string | null;
  /** Units taken off the product's counted stock for this order (absent: not counted); a cancel gives them back. */
  reserved?: number;
}

/** What an order stores in its `data` document (its columns hold status, money, place, date and owners). */
export interface OrderData {
  clientName: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  latitude: string | null;
  longitude: string | null;
  house: string | null;
  entrance: string | null;
  /** The floor (the form's client_appart). */
  floor: string | null;
  flat: string | null;
  /** Orders stored before the flat field kept the floor here. */
  appart?: string | null;
  comment: string | null;
  oddMoney: number | null;
  payment: string | null;
  products: OrderLine[];
  totalQuantity: number;
  /** Goods before the promo discount. */
  goodsTotal: number;
  discount: number;
  promoCode: string | null;
  promoDiscount: number | null;
  phoneNumber: string | null;
  phoneVerified: boolean;
  utm: Record<string, string>;
  statusHistory: { status: string; at: string; reason?: string }[];
  /** Why the owner cancelled it (null once reopened). */
  cancelReason?: string | null;
  /** The order's hold on counted stock lapsed (no checked phone, not taken in time): its units went back. */
  holdLapsed?: boolean;
}

export interface Customer {
  user: SessionUser | null;
  deviceId: string | null;
  /** The phone a `phoneNumberToken` (a sign-in session of that number) proves, if one was sent. */
  verifiedPhone?: string | null;
  /** The language the customer ordered in, kept on the order for the texts sent to them later. */
  lang?: Lang | null;
}

/** What the owner's and the customer's messages say of an order (`id`: its number in the shop). */
export const factsOf = (id: number, d: OrderData, total: number, receiving: string, lang: Lang | null | undefined): OrderFacts => ({
  id,
  phoneVerified: d.phoneVerified === true,
  total,
  receiving,
  lang: lang ?? null,
  clientName: d.clientName,
  phone: d.phone,
  email: d.email,
  address: d.address,
  comment: d.comment,
  payment: d.payment,
  products: d.products,
});

export type OrderRow = Omit<Selectable<OrdersTable>, 'idempotency_key' | 'hold_until'>;

export const orderData = (row: Pick<OrderRow, 'data'>): OrderData => JSON.parse(row.data) as OrderData;

/** The floor of an order: its own field, or `appart`, where orders stored before the flat field kept it. */
export const floorOf = (d: Pick<OrderData, 'floor' | 'appart'>): string | null => d.floor ?? d.appart ?? null;

/** What the customer pays: goods after the discount plus delivery. */
export const amountDue = (row: Pick<OrderRow, 'total' | 'delivery_cost'>) => round2(Number(row.total) + Number(row.delivery_cost));

/** The order as its customer and the owner see it: client block, lines and real totals. */
export function orderToApi(row: OrderRow): Record<string, unknown> {
  const d = orderData(row);
  const values: Record<string, unknown> = {
    ...fromRow(orderSchema, row as unknown as Record<string, unknown>),
    date: row.date,
    payment: d.payment,
    totalPrice: Number(row.total),
    totalQuantity: d.totalQuantity,
    phone: d.phone,
    email: d.email,
    clientName: d.clientName,
    address: d.address,
    latitude: d.latitude,
    longitude: d.longitude,
    comment: d.comment,
    oddMoney: d.oddMoney,
    products: d.products,
    deliveryCost: Number(row.delivery_cost),
    discount: d.discount,
    promoCode: d.promoCode,
    paymentStatus: row.payment_status,
    receiving: row.receiving,
    house: d.house,
    entrance: d.entrance,
    floor: floorOf(d),
    flat: d.flat ?? null,
    total: amountDue(row),
    cancelReason: row.status === 'cancelled' ? (d.cancelReason ?? null) : null,
  };
  return {
    ...toApiObject(orderSchema, values),
    paymentLabel: d.payment ? (PAYMENT_LABELS[d.payment] ?? PAYMENT_UNKNOWN_LABEL) : PAYMENT_UNKNOWN_LABEL,
    goodsTotal: d.goodsTotal,
    promoDiscount: d.promoDiscount,
  };
}

/** A row of the customer's order list. */
export function orderSummary(row: OrderRow): Record<string, unknown> {
  const d = orderData(row);
  return {
    id: row.number,
    date: row.date,
    datetime: row.created_at,
    status: row.status,
    paymentStatus: row.payment_status,
    receiving: row.receiving,
    total: amountDue(row),
    totalPrice: Number(row.total),
    deliveryCost: Number(row.delivery_cost),
    linesCount: d.products.length,
    totalQuantity: d.totalQuantity,
  };
}

const ORDER_COLUMNS = ['id', 'number', 'store_id', 'user_id', 'device_id', 'status', 'payment', 'payment_status', 'receiving', 'place_id', 'total', 'delivery_cost', 'date', 'created_at', 'updated_at', 'data', 'lang'] as const;

export const selectOrders = (db: Executor, storeId: number) => db.selectFrom('orders').select(ORDER_COLUMNS).where('store_id', '=', storeId);

/** Whether this customer (signed in, or the device of an anonymous order) owns the order. */
export function ownsOrder(row: Pick<OrderRow, 'user_id' | 'device_id'>, who: Customer): boolean {
  if (who.user && row.user_id === who.user.id) return true;
  return row.user_id === null && who.deviceId !== null && row.device_id === who.deviceId;
}

/** The order of this number in the shop, if there is one (whoever asks: the callers check). */
export const orderByNumber = (db: Executor, storeId: number, number: number) => selectOrders(db, storeId).where('number', '=', number).executeTakeFirst();

/** One order (by its number in the shop) for its customer or the owner; anyone else gets a 404 (not a 403: the number reveals nothing). */
export async function getOrderFor(db: Executor, storeId: number, number: number, who: Customer): Promise<OrderRow> {
  const row = await orderByNumber(db, storeId, number);
  if (!row || !(who.user?.isOwner || ownsOrder(row, who))) throw notFound();
  return row;
}

/** The customer's own orders, newest first: signed in, theirs plus the device's anonymous ones. */
export async function customerOrders(db: Executor, storeId: number, who: Customer, page = 1, pageSize = 50): Promise<OrderRow[]> {
  if (!who.user && !who.deviceId) return [];
  return selectOrders(db, storeId)
    .where((eb) => {
      const mine = [];
      if (who.user) mine.push(eb('user_id', '=', who.user.id));
      if (who.deviceId) mine.push(eb.and([eb('device_id', '=', who.deviceId), eb('user_id', 'is', null)]));
      return eb.or(mine);
    })
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

/** An order's number as the client sends it (the protocol's `orderId`). */
export const parseOrderId = (raw: string | undefined | number, field = 'orderId'): number => {
  const s = String(raw ?? '').trim();
  if (!/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647) throw badRequest('invalid_input', undefined, [field]);
  return Number(s);
};

/**
 * The owner changes an order's status (or its place), the order named by its number in the shop: the
 * customer gets a notification of a new status. Returns the updated row.
 */
export async function updateOrder(db: Db, store: Store, number: number, change: { status?: string; placeId?: number | null; cancelReason?: string | null }, by: SessionUser): Promise<OrderRow> {
  if (change.status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(change.status)) throw badRequest('invalid_input', undefined, ['status']);
  return db.transaction().execute(async (tx) => {
    const row = await orderByNumber(tx, store.id, number);
    if (!row) throw notFound();
    const id = row.id;
    if (change.placeId !== undefined && change.placeId !== null) {
      const place = await tx.selectFrom('places').select('id').where('store_id', '=', store.id).where('id', '=', change.placeId).executeTakeFirst();
      if (!place) throw badRequest('invalid_input', undefined, ['placeId']);
    }
    const at = now();
    const statusChanged = change.status !== undefined && change.status !== row.status;
    const data = orderData(row);
    const reason = change.status === 'cancelled' ? change.cancelReason || null : null;
    if (statusChanged) {
      data.statusHistory = [...(data.statusHistory ?? []), { status: change.status!, at, ...(reason ? { reason } : {}) }];
      data.cancelReason = reason;
    }
    // A cancelled order gives its units back; reopening one takes them again (refused when too few are left),
    // and so does taking one whose hold on the stock lapsed (stockHolds.ts).
    if (statusChanged && change.status === 'cancelled') await releaseStock(tx, store.id, data.products);
    else if (statusChanged && (row.status === 'cancelled' || data.holdLapsed)) {
      await reserveStock(tx, store, data.products);
      delete data.holdLapsed;
    }
    await tx
      .updateTable('orders')
      .set({
        // The owner took the order (or cancelled it): its stock is no longer on a timer.
        ...(statusChanged ? { status: change.status, hold_until: null } : {}),
        ...(change.placeId !== undefined ? { place_id: change.placeId } : {}),
        data: JSON.stringify(data),
        updated_at: at,
      })
      .where('store_id', '=', store.id)
      .where('id', '=', id)
      .execute();
    if (statusChanged) {
      // The customer hears in the language they ordered in, else the shop's.
      const customerLang = isLang(row.lang) ? row.lang : shopLang(store);
      const statusText = serverText(customerLang, 'status_desc', { status: serverText(customerLang, `statuses.${statusKey(change.status!, row.receiving)}`) });
      await notify(tx, {
        storeId: store.id,
        userId: row.user_id,
        deviceId: row.device_id,
        header: serverText(customerLang, 'order_header', { id: number }),
        desc: reason ? `${statusText}. ${serverText(customerLang, 'cancel_reason', { reason })}` : statusText,
        img: data.products[0]?.picture ?? null,
        fromId: by.id,
        orderId: id,
      });
      await enqueueStatusChange(tx, store, { ...factsOf(number, data, amountDue(row), row.receiving, customerLang), status: change.status!, reason });
    }
    return (await selectOrders(tx, store.id).where('id', '=', id).executeTakeFirst())!;
  });
}
