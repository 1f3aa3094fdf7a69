/**
 * Promo codes (seed, section 4): pure and browser-safe. The server decides with these when it takes an
 * order; the storefront uses the same input cleaning and discount so the cart shows what will be charged.
 */
/** The longest promo code the input takes. */
export const PROMO_CODE_MAX = 54;
export const PROMO_MAX = PROMO_CODE_MAX;

/** What the promo input keeps and the server looks up: letters and digits, uppercased, at most 54. */
export const normalizePromoCode = (raw: string): string =>
  raw
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, PROMO_CODE_MAX);
export const cleanPromoInput = normalizePromoCode;

/** The seed's rule: the percent divided by 100, the price after the discount rounded per unit (150 at 5 % → 143). */
export function discountedUnitPrice(price: number, percent: number): number {
  if (!percent) return price;
  const p = Math.min(100, Math.max(0, percent));
  // price * (100 - p) / 100 keeps halves exact (150 at 5% is 142.5, rounded to 143).
  return Math.round((price * (100 - p)) / 100);
}

/** Why a code is refused; each has its text in i18n (errors.promo_<reason>). The server decides (server/features/promo/promo.ts checkPromo). */
export type PromoRefusal = 'not_found' | 'not_started' | 'expired' | 'used' | 'min_sum';
