/**
 * A bulk price change by a percentage (the owner's product list), pure so the panel previews exactly what
 * the server stores. Rounding: half away from zero (prices are never negative, so half up) to the price's
 * own precision — a whole price stays whole (1 990 − 7 % = 1 851, not 1 850,70), a price with kopecks is
 * rounded to the kopeck (99,90 + 5 % = 104,90). Computed in hundredths so 0.1 + 0.2 style errors cannot tip
 * a half. The result is never below 0.
 */
export const PRICE_CHANGE_MIN = -99;
export const PRICE_CHANGE_MAX = 1000;

/** Whether a percentage is one the owner may apply: a number other than 0, at most 2 decimals, within the limits. */
export function validPriceChange(percent: unknown): percent is number {
  return (
    typeof percent === 'number' &&
    Number.isFinite(percent) &&
    percent !== 0 &&
    percent >= PRICE_CHANGE_MIN &&
    percent <= PRICE_CHANGE_MAX &&
    Math.abs(Math.round(percent * 100) - percent * 100) < 1e-6
  );
}

export function changedPrice(price: number, percent: number): number {
  if (!Number.isFinite(price) || price <= 0) return Math.max(0, price || 0);
  const cents = Math.round(price * 100);
  // Hundredths of a kopeck, rounded away from float noise before the real rounding.
  const exact = Math.round(cents * (100 + percent) * 100) / 10_000;
  const whole = cents % 100 === 0;
  const out = whole ? Math.round(exact / 100) * 100 : Math.round(exact);
  return Math.max(0, out) / 100;
}
