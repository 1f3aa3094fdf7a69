import type { CartLine } from '../../lib/types';
import { priceOrder, type OrderSums } from '../../../schemas/rules/order';

/**
 * The cart's pure rules (seed, sections 4 and 5): quantities and the displayed sums. The discount and the
 * minimum sum are the server's own rules (schemas/rules), so the cart shows what the server will charge.
 */
export { formatRoubles } from '../../../schemas/rules/money';
export { minSumOf } from '../../../schemas/rules/order';
export const QUANTITY_DIGITS = 6;

/** A typed quantity: digits only, at most 6 of them ('' while the customer is still typing). */
export const cleanQuantityInput = (raw: string): string => raw.replace(/\D/g, '').slice(0, QUANTITY_DIGITS);

export type CartTotals = OrderSums;

/** Totals of the orderable lines (an unavailable line is not counted), as the server prices them. */
export function cartTotals(lines: readonly CartLine[], promoPercent = 0): CartTotals {
  return priceOrder(
    lines.filter((l) => !l.isDisabledItem && l.quantity > 0),
    promoPercent,
  );
}
