import {
  ORDER_STATUSES,
  PAYMENT_CODES,
  PAYMENT_LABELS,
  PAYMENT_UNKNOWN_LABEL,
  fieldByName,
  fromRow,
  placeSchema,
  normalizePromoCode,
  orderFormSchema,
  orderSchema,
  toApiObject,
  validateFields,
  isBlank,
  type FieldDef,
  type FieldError,
  type OrderStatus,
  type PaymentWay,
  type ReceivingWay,
} from '../../../schemas';
import type { Selectable } from 'kysely';
import type { Db, Executor, OrdersTable, Store } from '../../db/types';
import { now } from '../../db/database';
import { ApiError, badRequest, notFound, requiredFields, serverText } from '../../errors';
import { normalizePhone } from '../auth/public';
import { type SessionUser } from '../../api/session';
import { checkHours, deliveryCostFor, discountedUnitPrice, formatRoubles, isRequired, localTime, minSumOf, priceOrder, round2, safeTimeZone, type PromoRefusal } from '../../../schemas/rules';
import { parseLatLon, type LatLon } from '../../../schemas/rules/geo';
import { notify, enqueueNewOrder, enqueueStatusChange, type OrderFacts } from '../notifications/public';
import { inDeliveryZone, listPlaces, placesServing, zonedPlaces, type Place } from '../places/public';
import { checkPromo, findPromo, promoError, usePromo, type Promo } from '../promo/public';
import { isLang, type Lang } from '../../../i18n';
import { shopLang, storeValues } from '../../api/tenant';
import { releaseStock, reserveStock, stockAllows } from '../catalogue/public';


export const MAX_ORDER_LINES = 200;
const DELIVERY_NO = fieldByName(orderFormSchema, 'delivery').no;
const PLACE_NO = fieldByName(placeSchema, 'id').no;
const QUANTITY = /^\d{1,6}$/;
const DEVICE_ID = /^[A-Za-z0-9_-]{8,128}$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

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
  appart: string | null;
  entrance: string | null;
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
  statusHistory: { status: string; at: string }[];
}

export interface OrderForm {
  raw: Record<string, string>;
  items: Map<string, string>;
  p: Map<number, string>;
}

export interface Customer {
  user: SessionUser | null;
  deviceId: string | null;
  /** The phone a `phoneNumberToken` (a sign-in session of that number) proves, if one was sent. */
  verifiedPhone?: string | null;
  /** The language the customer ordered in, kept on the order for the texts sent to them later. */
  lang?: Lang | null;
}

/** The order form's own fields, without their required flags: the store's settings decide those. */
const FORM_FIELDS: FieldDef[] = orderFormSchema.fields.map((f) => ({ ...f, required: false, default: undefined }));
const formValue = (form: OrderForm, f: FieldDef) => form.raw[f.key] ?? form.p.get(f.no);

/** Whether a call to api=orders is a customer placing an order (rather than a listing). */
export const isOrderPlacement = (form: OrderForm) =>
  form.items.size > 0 || form.raw.idempotency_key !== undefined || Object.keys(form.raw).some((k) => k.startsWith('client_'));

interface ParsedForm {
  values: Record<string, unknown>;
  lines: { id: string; quantity: number }[];
  receiving: ReceivingWay;
  receivingChosen: boolean;
  coords: LatLon | null;
  payment: PaymentWay | null;
  promoCode: string;
  placeId: number | null;
}

function parseForm(form: OrderForm, store: Record<string, unknown>): ParsedForm {
  const sent: Record<string, unknown> = {};
  for (const f of FORM_FIELDS) {
    const v = formValue(form, f);
    if (v !== undefined) sent[f.name] = v;
  }
  // The promo input keeps letters and digits, uppercased; the storefront sends it that way, a sloppy client is forgiven.
  if (typeof sent.client_promocode === 'string') sent.client_promocode = normalizePromoCode(sent.client_promocode);
  const { values, errors } = validateFields(FORM_FIELDS, sent, { partial: true });
  const bad: (FieldError | string)[] = [...errors];

  const lines: { id: string; quantity: number }[] = [];
  for (const [id, q] of form.items) {
    const qty = q.trim();
    if (!QUANTITY.test(qty)) {
      bad.push(`item[${id}]`);
      continue;
    }
    if (Number(qty) > 0) lines.push({ id, quantity: Number(qty) });
  }
  if (lines.length > MAX_ORDER_LINES) bad.push('item');

  let coords: LatLon | null = null;
  const rawCoords = formValue(form, FORM_FIELDS.find((f) => f.key === 'client_coords')!);
  if (rawCoords !== undefined && rawCoords.trim() !== '') {
    coords = parseLatLon(rawCoords);
    if (!coords) bad.push('client_coords');
  }

  const delivery751 = form.p.get(DELIVERY_NO);
  if (delivery751 !== undefined && !['0', '1', ''].includes(delivery751.trim())) bad.push('751_delivery');
  let receiving: ReceivingWay = 'delivery';
  let receivingChosen = false;
  if (typeof values.client_receiving === 'string') {
    receiving = values.client_receiving as ReceivingWay;
    receivingChosen = true;
  } else if (delivery751 !== undefined && delivery751.trim() !== '') {
    receiving = delivery751.trim() === '0' ? 'pickup' : 'delivery';
    receivingChosen = true;
  }
  if (receiving === 'delivery' && store.is_delivery === false) bad.push('client_receiving');
  if (receiving === 'pickup' && store.is_pickup === false) bad.push('client_receiving');

  const payment = (typeof values.client_payment === 'string' ? values.client_payment : null) as PaymentWay | null;
  if (payment && store[`pay_${payment}`] === false) bad.push('client_payment');

  const rawPlace = form.p.get(PLACE_NO);
  let placeId: number | null = null;
  if (rawPlace !== undefined && rawPlace.trim() !== '') {
    if (/^\d{1,10}$/.test(rawPlace.trim())) placeId = Number(rawPlace.trim());
    else bad.push('674_place_id');
  }

  if (bad.length) {
    throw badRequest(
      'invalid_input',
      undefined,
      bad.map((b) => (typeof b === 'string' ? { field: b, label: b, code: 'invalid' as const } : b)),
    );
  }
  return { values, lines, receiving, receivingChosen, coords, payment, promoCode: (values.client_promocode as string | null) ?? '', placeId };
}

/** Field errors for the store's required order fields (seed section 5, check 5). */
export function missingRequired(store: Record<string, unknown>, parsed: Pick<ParsedForm, 'values' | 'receiving' | 'receivingChosen' | 'payment' | 'coords'>, opts: { needCoords: boolean }): FieldError[] {
  const v = parsed.values;
  const missing: string[] = [];
  const need = (name: string) => isRequired(store, name);
  if (need('client_name') && isBlank(v.client_name)) missing.push('client_name');
  if (need('client_phone') && isBlank(v.client_phone)) missing.push('client_phone');
  if (need('client_payment') && !parsed.payment) missing.push('client_payment');
  if (need('client_receiving') && !parsed.receivingChosen) missing.push('client_receiving');
  if (parsed.receiving === 'delivery') {
    // The address comes from the map with its point: without the point the zone cannot be checked.
    if (need('client_address') && (isBlank(v.client_address) || (opts.needCoords && !parsed.coords))) missing.push('client_address');
    if (need('client_numbers') && (isBlank(v.client_house) || isBlank(v.client_appart) || isBlank(v.client_entrance))) missing.push('client_numbers');
  }
  if (parsed.payment === 'cash' && need('client_change') && (v.client_change === null || v.client_change === undefined)) missing.push('client_change');
  if (need('client_comment') && isBlank(v.client_comment)) missing.push('client_comment');
  return missing.map((field) => ({ field, label: `resources.orders.fields.${field}`, code: 'required' as const }));
}

type ProductRow = { id: string; name: string; price: number; category_id: string; available: number; active: number; picture: string | null; stock?: number | null; data: string };

async function loadProducts(db: Executor, storeId: number, ids: string[]): Promise<Map<string, ProductRow>> {
  const rows = await db
    .selectFrom('offers')
    .select(['id', 'name', 'price', 'category_id', 'available', 'active', 'picture', 'stock', 'data'])
    .where('store_id', '=', storeId)
    .where('deleted', '=', 0)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export interface Quote {
  lines: OrderLine[];
  goodsTotal: number;
  /** Goods after the promo discount. */
  total: number;
  discount: number;
  deliveryCost: number;
  totalQuantity: number;
}

/** Prices the cart from stored data; the promo (already checked) takes its percent off each unit, rounded. */
export function priceLines(products: Map<string, ProductRow>, wanted: { id: string; quantity: number }[], promoPercent: number): Omit<Quote, 'deliveryCost'> {
  const lines: OrderLine[] = wanted.map(({ id, quantity }) => {
    const p = products.get(id)!;
    const data = JSON.parse(p.data) as Record<string, unknown>;
    const price = discountedUnitPrice(Number(p.price), promoPercent);
    return {
      id,
      name: p.name,
      price,
      basePrice: Number(p.price),
      quantity,
      sum: round2(price * quantity),
      currency: String(data.currencyId ?? 'RUR'),
      categoryId: p.category_id,
      picture: p.picture,
    };
  });
  // The sums by the rule the storefront's cart shows (schemas/rules/order.ts).
  const sums = priceOrder(lines.map((l) => ({ price: l.basePrice, quantity: l.quantity })), promoPercent);
  return { lines, goodsTotal: sums.goods, total: sums.total, discount: sums.discount, totalQuantity: sums.quantity };
}

class DuplicateOrder extends Error {}

export interface PlacedOrder {
  id: number;
  created: boolean;
}

/** What the checks learn about an order, step by step; each check reads what the earlier ones found. */
interface OrderDraft {
  db: Db;
  store: Store;
  settings: Record<string, unknown>;
  parsed: ParsedForm;
  customer: Customer;
  at: Date;
  timeZone: string;
  onlinePayments?: boolean;
  products: Map<string, ProductRow>;
  places: Place[];
  /** The place the order goes to, and the places whose hours count. */
  place: Place | null;
  hoursPlaces: Place[];
  promo: Promo | null;
  refusal: PromoRefusal | null;
  priced: Omit<Quote, 'deliveryCost'>;
  phone: string | null;
  phoneVerified: boolean;
}

/** A named check of an order: throws the refusal, or fills in what later checks need. */
interface OrderCheck {
  name: string;
  run: (d: OrderDraft) => Promise<void> | void;
}

/**
 * The checks of api=orders in the seed's order (section 5): unavailable items, delivery zone, delivery
 * hours, minimum sum, required fields; then the promo code and the optional SMS check. Each stores
 * nothing; the first refusal is the answer.
 */
export const ORDER_CHECKS: readonly OrderCheck[] = [
  {
    name: 'online payment possible',
    // An online order nobody could pay is refused before anything else.
    run: (d) => {
      if (d.parsed.payment === 'online' && d.onlinePayments === false) throw new ApiError(400, 'payment_unavailable', undefined, ['client_payment']);
    },
  },
  {
    name: 'cart not empty',
    run: (d) => {
      if (!d.parsed.lines.length) throw badRequest('empty_cart', undefined, ['item']);
    },
  },
  {
    name: '1. every item available',
    run: async (d) => {
      d.products = await loadProducts(d.db, d.store.id, d.parsed.lines.map((l) => l.id));
      const unavailable = d.parsed.lines
        .filter((l) => {
          const p = d.products.get(l.id);
          return !p || !p.available || !p.active || !stockAllows(p.stock, l.quantity) || d.settings.stop_purchase === true;
        })
        .map((l) => l.id);
      if (unavailable.length) throw new ApiError(400, 'unavailable_items', undefined, unavailable);
    },
  },
  {
    name: '2. delivery point inside a zone',
    run: async (d) => {
      const places = (d.places = await listPlaces(d.db, d.store.id));
      const { parsed } = d;
      if (parsed.receiving === 'delivery' && parsed.coords && zonedPlaces(places).length && !inDeliveryZone(places, parsed.coords)) {
        throw new ApiError(400, 'out_of_zone', undefined, ['client_coords']);
      }
      d.hoursPlaces = places;
      if (parsed.receiving === 'delivery') {
        const serving = parsed.coords ? placesServing(places, parsed.coords) : [];
        if (serving.length) d.hoursPlaces = serving;
        d.place = serving[0] ?? places[0] ?? null;
      } else if (parsed.placeId !== null) {
        d.place = places.find((p) => p.id === parsed.placeId) ?? null;
        if (!d.place) throw badRequest('invalid_input', undefined, ['674_place_id']);
        d.hoursPlaces = [d.place];
      } else d.place = places[0] ?? null;
    },
  },
  {
    name: '3. within delivery hours',
    run: (d) => {
      const hours = checkHours(d.hoursPlaces.map((p) => p.week), localTime(d.at, d.timeZone));
      if (!hours.open) throw new ApiError(400, 'out_of_hours', { from: hours.from, to: hours.to }, []);
    },
  },
  {
    name: '4. minimum sum after a valid promo',
    run: async (d) => {
      const { parsed } = d;
      d.promo = parsed.promoCode ? await findPromo(d.db, d.store.id, parsed.promoCode) : null;
      const basePrices = priceLines(d.products, parsed.lines, 0);
      d.refusal = parsed.promoCode ? checkPromo(d.promo, { now: d.at, timeZone: d.timeZone, goodsTotal: basePrices.goodsTotal }) : null;
      d.priced = d.promo && !d.refusal ? priceLines(d.products, parsed.lines, d.promo.discount) : basePrices;
      const minSum = minSumOf(d.settings);
      if (minSum > 0 && d.priced.total < minSum) throw new ApiError(400, 'min_sum', { sum: formatRoubles(minSum) }, []);
    },
  },
  {
    name: '5. required fields',
    run: (d) => {
      const needCoords = d.parsed.receiving === 'delivery' && zonedPlaces(d.places).length > 0 && d.settings.map === true;
      const missing = missingRequired(d.settings, d.parsed, { needCoords });
      if (missing.length) throw requiredFields(missing);
    },
  },
  {
    name: 'promo code valid',
    // One that does not apply is refused rather than silently dropped.
    run: (d) => {
      if (d.parsed.promoCode && d.refusal) throw promoError(d.refusal, d.promo);
    },
  },
  {
    name: 'phone verified by SMS (when the shop asks)',
    // Only a session of that very number (the sign-in's auth form or Bearer, or a phoneNumberToken) may order.
    run: (d) => {
      const v = d.parsed.values;
      d.phone = typeof v.client_phone === 'string' ? (normalizePhone(v.client_phone) ?? v.client_phone) : null;
      d.phoneVerified = d.phone !== null && (d.customer.user?.phone === d.phone || d.customer.verifiedPhone === d.phone);
      if (d.settings.sms_check === true && !d.phoneVerified) throw new ApiError(400, 'phone_check_required', undefined, ['client_phone']);
    },
  },
];

/**
 * A customer's order (api=orders). The server prices it from stored data and runs ORDER_CHECKS in their
 * order. The order, the promo's use and the owner's notification are one transaction. A repeat with
 * the same idempotency key (also a concurrent one: the unique index decides) returns the first order's number.
 */
export async function placeOrder(
  db: Db,
  store: Store,
  form: OrderForm,
  customer: Customer,
  opts: { now?: Date; /** Card payment on the site can be taken (an acquirer is set up). */ onlinePayments?: boolean } = {},
): Promise<PlacedOrder> {
  const at = opts.now ?? new Date();
  const key = (form.raw.idempotency_key ?? '').trim();
  if (!key) throw requiredFields([{ field: 'idempotency_key', label: 'idempotency_key', code: 'required' }]);
  if (!IDEMPOTENCY_KEY.test(key)) throw badRequest('invalid_input', undefined, ['idempotency_key']);
  const existing = await orderIdByKey(db, store.id, key);
  if (existing !== null) return { id: existing, created: false };

  const settings = storeValues(store);
  const timeZone = safeTimeZone(settings.timezone);
  const draft: OrderDraft = {
    db,
    store,
    settings,
    parsed: parseForm(form, settings),
    customer,
    at,
    timeZone,
    onlinePayments: opts.onlinePayments,
    products: new Map(),
    places: [],
    place: null,
    hoursPlaces: [],
    promo: null,
    refusal: null,
    priced: { lines: [], goodsTotal: 0, total: 0, discount: 0, totalQuantity: 0 },
    phone: null,
    phoneVerified: false,
  };
  for (const check of ORDER_CHECKS) await check.run(draft);
  const { parsed, priced, promo, refusal, place, phone, phoneVerified } = draft;
  const delivery = parsed.receiving === 'delivery';
  const local = localTime(at, timeZone);
  const v = parsed.values;

  const deliveryCost = deliveryCostFor(settings, priced.total, parsed.receiving);
  const data: OrderData = {
    clientName: (v.client_name as string | null) ?? null,
    phone,
    email: (v.client_email as string | null) ?? null,
    address: delivery ? ((v.client_address as string | null) ?? null) : null,
    latitude: delivery && parsed.coords ? String(parsed.coords[0]) : null,
    longitude: delivery && parsed.coords ? String(parsed.coords[1]) : null,
    house: delivery ? ((v.client_house as string | null) ?? null) : null,
    appart: delivery ? ((v.client_appart as string | null) ?? null) : null,
    entrance: delivery ? ((v.client_entrance as string | null) ?? null) : null,
    comment: (v.client_comment as string | null) ?? null,
    // The change is kept only for cash.
    oddMoney: parsed.payment === 'cash' ? ((v.client_change as number | null) ?? null) : null,
    payment: parsed.payment ? PAYMENT_CODES[parsed.payment] : null,
    products: priced.lines,
    totalQuantity: priced.totalQuantity,
    goodsTotal: priced.goodsTotal,
    discount: priced.discount,
    promoCode: promo && !refusal ? promo.code : null,
    promoDiscount: promo && !refusal ? promo.discount : null,
    phoneNumber: form.raw.phoneNumber?.slice(0, 30) || null,
    phoneVerified,
    utm: utmOf(form.raw),
    statusHistory: [{ status: 'new', at: at.toISOString() }],
  };

  try {
    const id = await db.transaction().execute(async (tx) => {
      // Counted stock is taken first: too few left refuses the order (unavailable_items) and rolls back.
      await reserveStock(tx, store, data.products);
      const inserted = await tx
        .insertInto('orders')
        .values({
          store_id: store.id,
          user_id: customer.user?.id ?? null,
          device_id: customer.deviceId,
          idempotency_key: key,
          status: 'new',
          payment: parsed.payment,
          payment_status: parsed.payment === 'online' ? 'pending' : 'none',
          receiving: parsed.receiving,
          place_id: place?.id ?? null,
          total: priced.total,
          delivery_cost: deliveryCost,
          date: local.date,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
          data: JSON.stringify(data),
          lang: customer.lang ?? null,
        })
        .onConflict((oc) => oc.columns(['store_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // Another request with this key got there first: roll back (the promo use too) and answer with its number.
      if (!inserted) throw new DuplicateOrder();
      // The lines as rows too, for the dashboard's top products (an index scan, not JSON unnesting).
      if (priced.lines.length) {
        await tx
          .insertInto('order_lines')
          .values(priced.lines.map((l, i) => ({ store_id: store.id, order_id: inserted.id, line_no: i, offer_id: l.id, name: l.name, quantity: l.quantity, sum: l.sum })))
          .execute();
      }
      if (data.promoCode && promo) await usePromo(tx, store.id, promo);
      if (store.user_id !== null) {
        await notify(tx, {
          storeId: store.id,
          userId: store.user_id,
          deviceId: null,
          header: serverText(shopLang(store), 'new_order_header', { id: inserted.id }),
          desc: serverText(shopLang(store), 'new_order_desc', { name: data.clientName ?? serverText(shopLang(store), 'no_name'), sum: formatRoubles(round2(priced.total + deliveryCost)), receiving: serverText(shopLang(store), `receiving_${parsed.receiving}`) }),
          img: priced.lines[0]?.picture ?? null,
          fromId: customer.user?.id ?? 0,
          orderId: inserted.id,
        });
      }
      // E-mail and Telegram messages are queued in the same transaction: never sent for an order that was
      // not stored, never lost for one that was; the sender loop delivers them (features/notifications).
      await enqueueNewOrder(tx, store, factsOf(inserted.id, data, round2(priced.total + deliveryCost), parsed.receiving, customer.lang));
      return inserted.id;
    });
    return { id, created: true };
  } catch (e) {
    if (!(e instanceof DuplicateOrder)) throw e;
    const first = await orderIdByKey(db, store.id, key);
    if (first === null) throw e;
    return { id: first, created: false };
  }
}

const factsOf = (id: number, d: OrderData, total: number, receiving: string, lang: Lang | null | undefined): OrderFacts => ({
  id,
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

async function orderIdByKey(db: Executor, storeId: number, key: string): Promise<number | null> {
  const row = await db.selectFrom('orders').select('id').where('store_id', '=', storeId).where('idempotency_key', '=', key).executeTakeFirst();
  return row ? row.id : null;
}

/** The stored url data: utm_* and the other query parameters the storefront keeps (bounded). */
function utmOf(raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (/^utm_[a-z_]{1,30}$/.test(k) && Object.keys(out).length < 20) out[k] = v.slice(0, 300);
  }
  if (raw.urlData) {
    try {
      const extra = JSON.parse(raw.urlData) as Record<string, unknown>;
      for (const [k, v] of Object.entries(extra ?? {})) {
        if (/^[A-Za-z0-9_]{1,40}$/.test(k) && typeof v === 'string' && Object.keys(out).length < 20) out[k] = v.slice(0, 300);
      }
    } catch {
      /* not JSON: ignored */
    }
  }
  return out;
}

export type OrderRow = Omit<Selectable<OrdersTable>, 'idempotency_key'>;

export const orderData = (row: Pick<OrderRow, 'data'>): OrderData => JSON.parse(row.data) as OrderData;

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
    appart: d.appart,
    entrance: d.entrance,
    total: amountDue(row),
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
    id: row.id,
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

const ORDER_COLUMNS = ['id', 'store_id', 'user_id', 'device_id', 'status', 'payment', 'payment_status', 'receiving', 'place_id', 'total', 'delivery_cost', 'date', 'created_at', 'updated_at', 'data', 'lang'] as const;

export const selectOrders = (db: Executor, storeId: number) => db.selectFrom('orders').select(ORDER_COLUMNS).where('store_id', '=', storeId);

/** Whether this customer (signed in, or the device of an anonymous order) owns the order. */
export function ownsOrder(row: Pick<OrderRow, 'user_id' | 'device_id'>, who: Customer): boolean {
  if (who.user && row.user_id === who.user.id) return true;
  return row.user_id === null && who.deviceId !== null && row.device_id === who.deviceId;
}

/** One order for its customer or the owner; anyone else gets a 404 (not a 403: the number reveals nothing). */
export async function getOrderFor(db: Executor, storeId: number, id: number, who: Customer): Promise<OrderRow> {
  const row = await selectOrders(db, storeId).where('id', '=', id).executeTakeFirst();
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

export const parseOrderId = (raw: string | undefined | number, field = 'orderId'): number => {
  const s = String(raw ?? '').trim();
  if (!/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647) throw badRequest('invalid_input', undefined, [field]);
  return Number(s);
};

/**
 * The owner changes an order's status (or its place): the customer gets a notification of a new status.
 * Returns the updated row.
 */
export async function updateOrder(db: Db, store: Store, id: number, change: { status?: string; placeId?: number | null }, by: SessionUser): Promise<OrderRow> {
  if (change.status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(change.status)) throw badRequest('invalid_input', undefined, ['status']);
  return db.transaction().execute(async (tx) => {
    const row = await selectOrders(tx, store.id).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    if (change.placeId !== undefined && change.placeId !== null) {
      const place = await tx.selectFrom('places').select('id').where('store_id', '=', store.id).where('id', '=', change.placeId).executeTakeFirst();
      if (!place) throw badRequest('invalid_input', undefined, ['placeId']);
    }
    const at = now();
    const statusChanged = change.status !== undefined && change.status !== row.status;
    const data = orderData(row);
    if (statusChanged) data.statusHistory = [...(data.statusHistory ?? []), { status: change.status!, at }];
    // A cancelled order gives its units back; reopening one takes them again (refused when too few are left).
    if (statusChanged && change.status === 'cancelled') await releaseStock(tx, store.id, data.products);
    else if (statusChanged && row.status === 'cancelled') await reserveStock(tx, store, data.products);
    await tx
      .updateTable('orders')
      .set({
        ...(statusChanged ? { status: change.status } : {}),
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
      await notify(tx, {
        storeId: store.id,
        userId: row.user_id,
        deviceId: row.device_id,
        header: serverText(customerLang, 'order_header', { id }),
        desc: serverText(customerLang, 'status_desc', { status: serverText(customerLang, `statuses.${change.status}`) }),
        img: data.products[0]?.picture ?? null,
        fromId: by.id,
        orderId: id,
      });
      await enqueueStatusChange(tx, store, { ...factsOf(id, data, amountDue(row), row.receiving, customerLang), status: change.status! });
    }
    return (await selectOrders(tx, store.id).where('id', '=', id).executeTakeFirst())!;
  });
}
