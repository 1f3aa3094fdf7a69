import type { CartLine } from '../../lib/types';

/**
 * The cart's pure rules (seed, sections 4 and 5): quantities, the promo input, the displayed discount.
 * The server prices every order itself; these numbers are for display only.
 */
export const QUANTITY_DIGITS = 6;
export const PROMO_MAX = 54;

/** A typed quantity: digits only, at most 6 of them ('' while the customer is still typing). */
export const cleanQuantityInput = (raw: string): string => raw.replace(/\D/g, '').slice(0, QUANTITY_DIGITS);

/** The promo input: uppercased, letters and digits only, at most 54 characters. */
export const cleanPromoInput = (raw: string): string =>
  raw
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, PROMO_MAX);

/** A unit price after a promo discount in percent, rounded per unit (the server's rule: 150 at 5 % → 143). */
export function discountedUnitPrice(price: number, percent: number): number {
  if (!percent) return price;
  const p = Math.min(100, Math.max(0, percent));
  return Math.round((price * (100 - p)) / 100);
}

export interface CartTotals {
  /** Units in the cart. */
  quantity: number;
  /** The goods before the promo discount. */
  goods: number;
  /** The goods after the promo discount (rounded per unit). */
  total: number;
  discount: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Totals of the orderable lines (an unavailable line is not counted). */
export function cartTotals(lines: readonly CartLine[], promoPercent = 0): CartTotals {
  let quantity = 0;
  let goods = 0;
  let total = 0;
  for (const l of lines) {
    if (l.isDisabledItem || !(l.quantity > 0)) continue;
    quantity += l.quantity;
    goods += l.price * l.quantity;
    total += discountedUnitPrice(l.price, promoPercent) * l.quantity;
  }
  return { quantity, goods: round2(goods), total: round2(total), discount: round2(goods - total) };
}

/** The store's minimum order sum (0 when not set). */
export function minSumOf(store: { min_sum?: unknown } | null | undefined): number {
  const n = Number(store?.min_sum ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Roubles as the seed's texts write them ('Минимальная сумма заказа 700 р.'): whole numbers bare, else two decimals. */
export const formatRoubles = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));
