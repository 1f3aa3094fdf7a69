import type { LatLon } from './geo';
import { checkHours, type LocalTime, type WeekHours } from './hours';
import { formatRoubles, round2 } from './money';
import { isRequired, priceOrder, type OrderSums, type Receiving } from './order';
import { phoneComplete } from './phone';
import { belowCondition, promoKindOf, type PromoKind, type PromoRefusal } from './promo';
import { deliversTo, placesServing, type ZonedPlace } from './zones';
import { deliveryPrice, deliveryTerms, type DeliveryTerms, type ZoneTerms } from './zoneTerms';

/**
 * Whether an order may be placed (seed, section 5): the one decision, pure and browser-safe. The server
 * (server/features/checkout) gathers the facts from its database and refuses with the answer; the
 * storefront (storefront/features/checkout) gathers the same facts from its state and stops before
 * sending. `checkOrder` gives the first refusal in the seed's order of the checks, or null.
 */

export type PaymentWay = 'cash' | 'card' | 'online';

/** A line of the order. A product the shop does not list (unknown, hidden, deleted) is not `available`. */
export interface CheckoutLine {
  id: string;
  /** The unit price before the promo. */
  price: number;
  quantity: number;
  available: boolean;
  /** Units in a counted stock; null or absent: not counted (or not known to the client). */
  stock?: number | null;
}

/** A place as the checks read it: its delivery zone, its zone's terms and its week. */
export interface CheckoutPlace extends ZonedPlace {
  week: WeekHours | null | undefined;
  /** The zone's own delivery price, free-from sum, minimum and time (absent: the shop's). */
  terms?: ZoneTerms | null;
}

/** The order form's answers, by the form's field names. */
export interface CheckoutFields {
  client_name?: string | null;
  client_phone?: string | null;
  client_address?: string | null;
  client_house?: string | null;
  client_entrance?: string | null;
  /** The floor (the seed's client_appart). */
  client_appart?: string | null;
  client_flat?: string | null;
  client_change?: string | number | null;
  client_comment?: string | null;
}

/** What the shop's settings say of orders. */
export interface CheckoutShop {
  /** The required flags (client_name, …), as stored or answered; missing ones take the seed's defaults. */
  required: Record<string, unknown> | null | undefined;
  minSum: number;
  /** The shop's delivery price and the goods' sum it is free from (0 = never); a zone's terms override them. */
  deliveryCost: number;
  freeDeliveryFrom: number;
  /** Purchases stopped: every product is unavailable. */
  stopPurchase: boolean;
  /** The address comes from the map with its point (controls.map). */
  usesMap: boolean;
  /** Card payment on the site can be taken now (the acquirer is set up). */
  onlinePayment: boolean;
  /** The phone must be confirmed by an SMS code. */
  smsCheck: boolean;
}

/** The promo code sent, as far as it is known: its percent, a refusal known without the sum, its minimum sum. */
export interface CheckoutPromo {
  /** What the code gives (absent: percent, the seed's only kind). */
  kind?: PromoKind;
  percent: number;
  /** The fixed sum off the goods of a 'fixed' code. */
  amount?: number;
  refusal: PromoRefusal | null;
  /** The minimum sum of goods (before the discount) it works from; 0 = any. */
  condition: number;
}

export interface CheckoutFacts {
  lines: readonly CheckoutLine[];
  shop: CheckoutShop;
  /** Delivery or pickup (delivery when the customer named none: the seed's default) and whether it was named. */
  receiving: Receiving;
  receivingChosen: boolean;
  payment: PaymentWay | null;
  /** The delivery point chosen on the map. */
  point: LatLon | null;
  places: readonly CheckoutPlace[];
  /** The pickup place chosen. */
  placeId: string | null;
  /** Now in the shop's time zone. */
  now: Pick<LocalTime, 'day' | 'minutes'>;
  fields: CheckoutFields;
  /** The promo code sent; null when none is sent (or when its verdict is left to the server). */
  promo: CheckoutPromo | null;
  /** A session of this very phone number is there (for the SMS check). */
  phoneVerified: boolean;
}

/** A refusal: an i18n `errors.<code>` with its params, and the fields (or product ids) it is about. */
export interface Refusal {
  code: string;
  params: Record<string, string>;
  fields: string[];
}

/** The fields the required check names, in the form's order. */
export type RequiredField = 'client_name' | 'client_phone' | 'client_payment' | 'client_receiving' | 'client_address' | 'client_numbers' | 'place_id' | 'client_change' | 'client_comment';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const refusal = (code: string, fields: string[] = [], params: Record<string, string> = {}): Refusal => ({ code, params, fields });

/** The lines that cannot be ordered: not available, more than a counted stock holds, or purchases stopped. */
export function unavailableLines(facts: Pick<CheckoutFacts, 'lines' | 'shop'>): string[] {
  return facts.lines.filter((l) => facts.shop.stopPurchase || !l.available || (l.stock !== null && l.stock !== undefined && l.stock < l.quantity)).map((l) => l.id);
}

/** The places whose hours count: the pickup place; for delivery those whose zone holds the point (else all). */
export function placesForHours<P extends CheckoutPlace>(facts: { receiving: Receiving; point: LatLon | null; placeId: string | null; places: readonly P[] }): readonly P[] {
  const { places } = facts;
  if (facts.receiving === 'pickup') {
    const chosen = places.find((p) => String(p.id) === facts.placeId);
    return chosen ? [chosen] : places;
  }
  if (!facts.point) return places;
  const serving = placesServing(places, facts.point);
  return serving.length ? serving : places;
}

/** The place the order goes to: the pickup place, the first place delivering to the point, else the first place. */
export function orderPlace<P extends CheckoutPlace>(facts: { receiving: Receiving; point: LatLon | null; placeId: string | null; places: readonly P[] }): P | null {
  const { places } = facts;
  if (facts.receiving === 'pickup') return places.find((p) => String(p.id) === facts.placeId) ?? places[0] ?? null;
  return (facts.point ? placesServing(places, facts.point)[0] : undefined) ?? places[0] ?? null;
}

/** The terms the order is delivered on: for a delivery to a point, the first zone holding it; else the shop's. */
export function orderTerms(facts: Pick<CheckoutFacts, 'receiving' | 'point' | 'places' | 'shop'>): DeliveryTerms {
  const shop = { deliveryCost: facts.shop.deliveryCost, freeFrom: facts.shop.freeDeliveryFrom, minSum: facts.shop.minSum };
  const zone = facts.receiving === 'delivery' && facts.point ? placesServing(facts.places, facts.point)[0]?.terms : null;
  return deliveryTerms(shop, zone);
}

/** The delivery the order is charged: the terms' price, free from their sum (of the goods after the promo) and for pickup. */
export function orderDelivery(facts: Pick<CheckoutFacts, 'receiving' | 'point' | 'places' | 'shop' | 'lines' | 'promo'>): number {
  if (appliedPromo(facts) === 'free_delivery') return 0;
  return deliveryPrice(orderTerms(facts), orderSums(facts).total, facts.receiving);
}

/** The promo's refusal, counting its minimum sum against these goods (before the discount). */
export function promoRefusal(promo: CheckoutPromo | null, goods: number): PromoRefusal | null {
  if (!promo) return null;
  return promo.refusal ?? (belowCondition(promo.condition, goods) ? 'min_sum' : null);
}

// Here, not in promo.ts: only the checkout needs it (promo.ts is part of the storefront's first screen).
/** A fixed sum off goods worth `goods`: never below 0, never more than the goods, to the kopeck. */
export function fixedDiscount(amount: number | null | undefined, goods: number): number {
  const a = Number(amount);
  if (!Number.isFinite(a) || a <= 0 || goods <= 0) return 0;
  return Math.round(Math.min(a, goods) * 100) / 100;
}

/** The kind of the promo that applies to these lines (its minimum sum counted), or null. */
export function appliedPromo(facts: Pick<CheckoutFacts, 'lines' | 'promo'>): PromoKind | null {
  return facts.promo && !promoRefusal(facts.promo, priceOrder(facts.lines).goods) ? promoKindOf(facts.promo.kind) : null;
}

/**
 * The order's sums with the promo that applies: a percent off each unit (rounded per unit), or a fixed sum
 * off the goods (never more than the goods); a free-delivery code leaves the goods as they are.
 */
export function orderSums(facts: Pick<CheckoutFacts, 'lines' | 'promo'>): OrderSums {
  const kind = appliedPromo(facts);
  if (kind === 'fixed') {
    const full = priceOrder(facts.lines);
    const discount = fixedDiscount(facts.promo!.amount, full.goods);
    return { ...full, total: round2(full.goods - discount), discount };
  }
  return priceOrder(facts.lines, kind === 'percent' ? facts.promo!.percent : 0);
}

/** Check 5: the empty required fields, in the form's order (the store's flags, the seed's defaults). */
export function missingFields(facts: CheckoutFacts): RequiredField[] {
  const f = facts.fields;
  const need = (name: string) => isRequired(facts.shop.required, name);
  const out: RequiredField[] = [];
  if (need('client_name') && blank(f.client_name)) out.push('client_name');
  if (need('client_phone') && blank(f.client_phone)) out.push('client_phone');
  if (need('client_payment') && !facts.payment) out.push('client_payment');
  if (need('client_receiving') && !facts.receivingChosen) out.push('client_receiving');
  if (facts.receiving === 'delivery') {
    // With zones to check, the address must come with its point on the map.
    const pointNeeded = facts.shop.usesMap && facts.places.some((p) => p.zone.length >= 3);
    if (need('client_address') && (blank(f.client_address) || (pointNeeded && !facts.point))) out.push('client_address');
    // The seed's group 'Дом/подъезд/этаж' needs all three; the flat is not part of it.
    if (need('client_numbers') && [f.client_house, f.client_entrance, f.client_appart].some(blank)) out.push('client_numbers');
  } else if (facts.places.length > 1 && !facts.places.some((p) => String(p.id) === facts.placeId)) out.push('place_id');
  if (facts.payment === 'cash' && need('client_change') && blank(f.client_change)) out.push('client_change');
  if (need('client_comment') && blank(f.client_comment)) out.push('client_comment');
  return out;
}

/**
 * The checks in their order; the first that fails is the answer. The seed's five (unavailable items, the
 * delivery zone, the hours, the minimum sum, the required fields) come after two that make any order
 * impossible (an online payment nobody can take, no lines) and before the phone's form, the promo code
 * and the SMS check of the phone.
 */
export function checkOrder(facts: CheckoutFacts): Refusal | null {
  if (facts.payment === 'online' && !facts.shop.onlinePayment) return refusal('payment_unavailable', ['client_payment']);
  if (!facts.lines.some((l) => l.quantity > 0)) return refusal('empty_cart', ['item']);
  // 1. Every item available.
  const unavailable = unavailableLines(facts);
  if (unavailable.length) return refusal('unavailable_items', unavailable);
  // 2. The delivery point inside a zone.
  if (facts.receiving === 'delivery' && facts.point && !deliversTo(facts.places, facts.point)) return refusal('out_of_zone', ['client_coords']);
  // 3. Within the hours of the places that count.
  const hours = checkHours(placesForHours(facts).map((p) => p.week), facts.now);
  if (!hours.open) return refusal('out_of_hours', [], { from: hours.from, to: hours.to });
  // 4. The minimum sum (the zone's own where it set one), of the goods after a promo that applies.
  const terms = orderTerms(facts);
  if (terms.minSum > 0 && orderSums(facts).total < terms.minSum) return refusal(terms.zoneMinimum ? 'zone_min_sum' : 'min_sum', [], { sum: formatRoubles(terms.minSum) });
  // 5. The required fields.
  const missing = missingFields(facts);
  if (missing.length) return refusal('required_fields_error', missing);
  if (!blank(facts.fields.client_phone) && !phoneComplete(facts.fields.client_phone)) return refusal('invalid_phone', ['client_phone']);
  // A promo code that does not apply is refused rather than silently dropped.
  const promo = promoRefusal(facts.promo, priceOrder(facts.lines).goods);
  if (promo) return refusal('promo_error', ['client_promocode'], { reason: promo, sum: formatRoubles(facts.promo?.condition ?? 0) });
  if (facts.shop.smsCheck && !facts.phoneVerified) return refusal('phone_check_required', ['client_phone']);
  return null;
}
