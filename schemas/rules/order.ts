import { round2 } from './money';
import { discountedUnitPrice } from './promo';

/**
 * An order's sums and required fields (seed, sections 4 and 5): pure and browser-safe. The server prices
 * every order from stored prices with `priceOrder`; the storefront's cart and checkout show the same
 * function's answer on the prices it was given, so the preview equals the charge.
 */

export type Receiving = 'delivery' | 'pickup';

/** A line to price: the unit price before the promo and the quantity. */
export interface PriceLine {
  price: number;
  quantity: number;
}

export interface OrderSums {
  /** Units ordered. */
  quantity: number;
  /** The goods before the promo discount. */
  goods: number;
  /** The goods after the promo discount (rounded per unit). */
  total: number;
  discount: number;
}

/** The sums of the lines with a promo percent taken off each unit, rounded per unit, then to the kopeck. */
export function priceOrder(lines: readonly PriceLine[], promoPercent = 0): OrderSums {
  let quantity = 0;
  let goods = 0;
  let total = 0;
  for (const l of lines) {
    quantity += l.quantity;
    goods += l.price * l.quantity;
    total += discountedUnitPrice(l.price, promoPercent) * l.quantity;
  }
  return { quantity, goods: round2(goods), total: round2(total), discount: round2(round2(goods) - round2(total)) };
}

/** The delivery cost of an order: the store's cost, free for pickup and from `free_delivery_from` (when set) of the goods' sum. */
export function deliveryCostFor(store: { delivery_cost?: unknown; free_delivery_from?: unknown } | null | undefined, goodsTotal: number, receiving: Receiving): number {
  if (receiving === 'pickup') return 0;
  const cost = Number(store?.delivery_cost ?? 0);
  const freeFrom = Number(store?.free_delivery_from ?? 0);
  if (!Number.isFinite(cost) || cost <= 0) return 0;
  if (Number.isFinite(freeFrom) && freeFrom > 0 && goodsTotal >= freeFrom) return 0;
  return cost;
}

/** The store's minimum order sum (0 when not set). */
export function minSumOf(store: { min_sum?: unknown } | null | undefined): number {
  const n = Number(store?.min_sum ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Order-form fields whose "required" flag the owner sets (seed section 3, with its defaults). */
export const REQUIRED_ORDER_FIELDS = [
  ['client_name', true],
  ['client_phone', true],
  ['client_payment', true],
  ['client_receiving', true],
  ['client_address', true],
  ['client_change', false],
  ['client_numbers', false],
  ['client_comment', false],
] as const;

const on = (v: unknown) => v === '1' || v === 1 || v === true;

/** The store's required flags' defaults (schemas/store.ts REQUIRED_ORDER_FIELDS), by field. */
export const REQUIRED_DEFAULTS: Readonly<Record<string, boolean>> = Object.fromEntries(REQUIRED_ORDER_FIELDS.map(([k, v]) => [k, on(v)]));

/** Whether the store requires an order field: its required_fields flag, else the seed's default. */
export function isRequired(requiredFields: Record<string, unknown> | null | undefined, name: string): boolean {
  const v = requiredFields?.[name];
  return v === undefined || v === null || v === '' ? (REQUIRED_DEFAULTS[name] ?? false) : on(v);
}
