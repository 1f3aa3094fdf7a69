import { PAYMENT_CODES } from '../../../schemas';
import { checkOrder, orderDelivery, orderPlace, orderSums, type Refusal } from '../../../schemas/rules/checkout';
import { discountedUnitPrice, formatRoubles, localTime, round2, safeTimeZone } from '../../../schemas/rules';
import type { Db, Executor, Store } from '../../db/types';
import { ApiError, badRequest, requiredFields, serverText } from '../../errors';
import { reserveStock } from '../catalogue/public';
import { enqueueNewOrder, notify } from '../notifications/public';
import { factsOf, nextOrderNumber, releaseLapsedHolds, type Customer, type OrderData, type OrderLine } from '../orders/public';
import { promoError, promoPercent, usePromo } from '../promo/public';
import { shopLang, storeValues } from '../../api/tenant';
import { parseForm, type OrderForm } from './checkoutForm';
import { gatherFacts, type ProductRow } from './checkoutFacts';
import { countAnonymousOrder, type AnonymousOrderLimits } from './anonymousLimits';

/**
 * A customer's order (api=orders): the form parsed, the facts gathered from the database, the one rule
 * (schemas/rules/checkout.ts) asked, and the order written in one transaction with its stock, its promo
 * use and the owner's notifications. A repeat with the same idempotency key (also a concurrent one: the
 * unique index decides) returns the first order's number.
 */

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

export interface PlacedOrder {
  /** The order's number in its shop (the protocol's order id). */
  id: number;
  created: boolean;
}

/** The rule's refusal as the protocol's error (400, the code, its params, its fields). */
export function refusalError(r: Refusal): ApiError {
  if (r.code === 'required_fields_error') return requiredFields(r.fields.map((field) => ({ field, label: `resources.orders.fields.${field}`, code: 'required' as const })));
  if (r.code === 'promo_error') return promoError(r.params.reason as Parameters<typeof promoError>[0], { condition: Number(r.params.sum) || 0 });
  return new ApiError(400, r.code, Object.keys(r.params).length ? r.params : undefined, r.fields);
}

/** The lines as sold: names and prices from the stored products, the promo's percent off each unit, rounded. */
export function priceLines(products: Map<string, ProductRow>, wanted: readonly { id: string; quantity: number }[], promoPercent: number): OrderLine[] {
  return wanted.map(({ id, quantity }) => {
    const p = products.get(id)!;
    const data = JSON.parse(p.data) as Record<string, unknown>;
    const price = discountedUnitPrice(Number(p.price), promoPercent);
    return { id, name: p.name, price, basePrice: Number(p.price), quantity, sum: round2(price * quantity), currency: String(data.currencyId ?? 'RUR'), categoryId: p.category_id, picture: p.picture };
  });
}

class DuplicateOrder extends Error {}

export async function placeOrder(
  db: Db,
  store: Store,
  form: OrderForm,
  customer: Customer,
  opts: {
    now?: Date;
    /** Card payment on the site can be taken (an acquirer is set up). */
    onlinePayments?: boolean;
    /** Hourly limits of orders without a checked phone (config.anonOrderLimits); absent: none. */
    limits?: AnonymousOrderLimits;
    /** The client's address, for those limits. */
    address?: string | null;
    /** Minutes such an order holds counted stock (config.anonHoldMinutes); absent or 0: as long as it stands. */
    holdMinutes?: number;
  } = {},
): Promise<PlacedOrder> {
  const at = opts.now ?? new Date();
  const key = (form.raw.idempotency_key ?? '').trim();
  if (!key) throw requiredFields([{ field: 'idempotency_key', label: 'idempotency_key', code: 'required' }]);
  if (!IDEMPOTENCY_KEY.test(key)) throw badRequest('invalid_input', undefined, ['idempotency_key']);
  const existing = await orderIdByKey(db, store.id, key);
  if (existing !== null) return { id: existing, created: false };

  const settings = storeValues(store);
  const timeZone = safeTimeZone(settings.timezone);
  const parsed = parseForm(form, settings);
  const { facts, products, places, promo, phone } = await gatherFacts(db, store, settings, parsed, customer, { at, timeZone, onlinePayments: opts.onlinePayments });
  // An unknown pickup place is bad input, not a refusal of the order.
  if (parsed.placeId !== null && parsed.receiving === 'pickup' && !places.some((p) => p.id === parsed.placeId)) throw badRequest('invalid_input', undefined, ['674_place_id']);
  const refusal = checkOrder(facts);
  if (refusal) throw refusalError(refusal);

  const sums = orderSums(facts);
  // Past the checks, a code that was sent applies (one that does not was refused).
  const promoApplies = promo !== null;
  // A percent code prices each unit; a fixed sum comes off the goods' total (sums.discount), free delivery off the delivery.
  const lines = priceLines(products, parsed.lines, promoPercent(promo));
  const place = orderPlace(facts);
  const delivery = parsed.receiving === 'delivery';
  const v = parsed.values;
  // The zone's terms (else the shop's) decide; nothing the client sent about delivery is read.
  const deliveryCost = orderDelivery(facts);
  const data: OrderData = {
    clientName: (v.client_name as string | null) ?? null,
    phone,
    email: (v.client_email as string | null) ?? null,
    address: delivery ? ((v.client_address as string | null) ?? null) : null,
    latitude: delivery && parsed.coords ? String(parsed.coords[0]) : null,
    longitude: delivery && parsed.coords ? String(parsed.coords[1]) : null,
    house: delivery ? ((v.client_house as string | null) ?? null) : null,
    entrance: delivery ? ((v.client_entrance as string | null) ?? null) : null,
    floor: delivery ? ((v.client_appart as string | null) ?? null) : null,
    flat: delivery ? ((v.client_flat as string | null) ?? null) : null,
    comment: (v.client_comment as string | null) ?? null,
    // The change is kept only for cash.
    oddMoney: parsed.payment === 'cash' ? ((v.client_change as number | null) ?? null) : null,
    payment: parsed.payment ? PAYMENT_CODES[parsed.payment] : null,
    products: lines,
    totalQuantity: sums.quantity,
    goodsTotal: sums.goods,
    discount: sums.discount,
    promoCode: promoApplies ? promo!.code : null,
    // The percent, for a percent code only (the order's discount holds what any code took off).
    promoDiscount: promoApplies && promo!.kind === 'percent' ? promo!.discount : null,
    phoneNumber: form.raw.phoneNumber?.slice(0, 30) || null,
    phoneVerified: facts.phoneVerified,
    utm: utmOf(form.raw),
    statusHistory: [{ status: 'new', at: at.toISOString() }],
  };

  try {
    const id = await db.transaction().execute(async (tx) => {
      // Units held by strangers' lapsed orders go back before this order looks for them.
      await releaseLapsedHolds(tx, at, store.id);
      // Without a checked phone, the hourly limits count this order (a refusal rolls the counts back).
      if (!facts.phoneVerified && opts.limits) await countAnonymousOrder(tx, store.id, { address: opts.address ?? null, deviceId: customer.deviceId, phone }, opts.limits, at);
      // Counted stock is taken next: too few left refuses the order (unavailable_items) and rolls back.
      await reserveStock(tx, store, data.products);
      // ...and held for a while only, when nobody proved the phone (features/orders/stockHolds.ts).
      const holds = !facts.phoneVerified && (opts.holdMinutes ?? 0) > 0 && data.products.some((l) => l.reserved);
      // The shop's next number, last of the reads so its counter row is held for the shortest time.
      const number = await nextOrderNumber(tx, store.id);
      const inserted = await tx
        .insertInto('orders')
        .values({
          store_id: store.id,
          number,
          user_id: customer.user?.id ?? null,
          device_id: customer.deviceId,
          idempotency_key: key,
          status: 'new',
          payment: parsed.payment,
          payment_status: parsed.payment === 'online' ? 'pending' : 'none',
          receiving: parsed.receiving,
          place_id: place?.id === undefined ? null : Number(place.id),
          total: sums.total,
          delivery_cost: deliveryCost,
          date: localTime(at, timeZone).date,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
          data: JSON.stringify(data),
          lang: customer.lang ?? null,
          hold_until: holds ? new Date(at.getTime() + opts.holdMinutes! * 60_000).toISOString() : null,
        })
        .onConflict((oc) => oc.columns(['store_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // Another request with this key got there first: roll back (the promo use too) and answer with its number.
      if (!inserted) throw new DuplicateOrder();
      // The lines as rows too, for the dashboard's top products (an index scan, not JSON unnesting).
      if (lines.length) {
        await tx
          .insertInto('order_lines')
          .values(lines.map((l, i) => ({ store_id: store.id, order_id: inserted.id, line_no: i, offer_id: l.id, name: l.name, quantity: l.quantity, sum: l.sum })))
          .execute();
      }
      if (data.promoCode && promo) await usePromo(tx, store.id, promo);
      const due = round2(sums.total + deliveryCost);
      if (store.user_id !== null) {
        const lang = shopLang(store);
        await notify(tx, {
          storeId: store.id,
          userId: store.user_id,
          deviceId: null,
          header: serverText(lang, 'new_order_header', { id: number }),
          desc: serverText(lang, 'new_order_desc', { name: data.clientName ?? serverText(lang, 'no_name'), sum: formatRoubles(due), receiving: serverText(lang, `receiving_${parsed.receiving}`) }),
          img: lines[0]?.picture ?? null,
          fromId: customer.user?.id ?? 0,
          orderId: inserted.id,
        });
      }
      // E-mail and Telegram messages are queued in the same transaction: never sent for an order that was
      // not stored, never lost for one that was; the sender loop delivers them (features/notifications).
      await enqueueNewOrder(tx, store, factsOf(number, data, due, parsed.receiving, customer.lang));
      return number;
    });
    return { id, created: true };
  } catch (e) {
    if (!(e instanceof DuplicateOrder)) throw e;
    const first = await orderIdByKey(db, store.id, key);
    if (first === null) throw e;
    return { id: first, created: false };
  }
}

/** The number of the shop's order made with this key, if one was. */
async function orderIdByKey(db: Executor, storeId: number, key: string): Promise<number | null> {
  const row = await db.selectFrom('orders').select('number').where('store_id', '=', storeId).where('idempotency_key', '=', key).executeTakeFirst();
  return row ? row.number : null;
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
