import type { CheckoutFacts, CheckoutFields } from '../../../schemas/rules/checkout';
import { localTime, minSumOf, checkPromo, shopDeliveryTerms, zoneTermsOf } from '../../../schemas/rules';
import type { Executor, Store } from '../../db/types';
import { normalizePhone } from '../auth/public';
import { listPlaces, type Place } from '../places/public';
import { findPromo, type Promo } from '../promo/public';
import type { Customer } from '../orders/public';
import type { ParsedForm } from './checkoutForm';

/**
 * The facts of an order as the server knows them (its stored products, places, promo codes and
 * settings), for the one rule that decides (schemas/rules/checkout.ts checkOrder).
 */

export type ProductRow = { id: string; name: string; price: number; category_id: string; available: number; active: number; picture: string | null; stock?: number | null; data: string };

export async function loadProducts(db: Executor, storeId: number, ids: string[]): Promise<Map<string, ProductRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('offers')
    .select(['id', 'name', 'price', 'category_id', 'available', 'active', 'picture', 'stock', 'data'])
    .where('store_id', '=', storeId)
    .where('deleted', '=', 0)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** What the server gathered, with the facts: the rows the order is then written from. */
export interface GatheredOrder {
  facts: CheckoutFacts;
  products: Map<string, ProductRow>;
  places: Place[];
  promo: Promo | null;
  /** The phone as stored: E.164 when it parses, else as typed. */
  phone: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

export async function gatherFacts(
  db: Executor,
  store: Store,
  settings: Record<string, unknown>,
  parsed: ParsedForm,
  customer: Customer,
  opts: { at: Date; timeZone: string; onlinePayments?: boolean },
): Promise<GatheredOrder> {
  const products = await loadProducts(db, store.id, parsed.lines.map((l) => l.id));
  const places = await listPlaces(db, store.id);
  const promo = parsed.promoCode ? await findPromo(db, store.id, parsed.promoCode) : null;
  const v = parsed.values;
  const phone = typeof v.client_phone === 'string' ? (normalizePhone(v.client_phone) ?? v.client_phone) : null;
  const fields: CheckoutFields = {
    client_name: text(v.client_name),
    client_phone: text(v.client_phone),
    client_address: text(v.client_address),
    client_house: text(v.client_house),
    client_entrance: text(v.client_entrance),
    client_appart: text(v.client_appart),
    client_flat: text(v.client_flat),
    client_change: (v.client_change as number | null | undefined) ?? null,
    client_comment: text(v.client_comment),
  };
  const facts: CheckoutFacts = {
    lines: parsed.lines.map(({ id, quantity }) => {
      const p = products.get(id);
      return { id, quantity, price: p ? Number(p.price) : 0, available: !!p && !!p.available && !!p.active, stock: p?.stock ?? null };
    }),
    shop: {
      required: settings,
      minSum: minSumOf(settings),
      deliveryCost: shopDeliveryTerms(settings).deliveryCost,
      freeDeliveryFrom: shopDeliveryTerms(settings).freeFrom,
      stopPurchase: settings.stop_purchase === true,
      usesMap: settings.map === true,
      onlinePayment: opts.onlinePayments !== false,
      smsCheck: settings.sms_check === true,
    },
    receiving: parsed.receiving,
    receivingChosen: parsed.receivingChosen,
    payment: parsed.payment,
    point: parsed.coords,
    places: places.map((p) => ({ ...p, terms: zoneTermsOf(p.values) })),
    placeId: parsed.placeId === null ? null : String(parsed.placeId),
    now: localTime(opts.at, opts.timeZone),
    fields,
    // The refusals known without the sum (unknown, dates, uses); the minimum sum is the rule's to count.
    promo: parsed.promoCode ? { kind: promo?.kind, percent: promo?.discount ?? 0, amount: promo?.amount ?? 0, refusal: checkPromo(promo, { now: opts.at, timeZone: opts.timeZone }), condition: promo?.condition ?? 0 } : null,
    // Only a session of that very number (the sign-in's auth form or Bearer, or a phoneNumberToken) counts.
    phoneVerified: phone !== null && (customer.user?.phone === phone || customer.verifiedPhone === phone),
  };
  return { facts, products, places, promo, phone };
}
