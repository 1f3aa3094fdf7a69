import { localTime } from './hours';

/**
 * Promo codes (seed, section 4): pure and browser-safe. The server decides with these when it checks a
 * code (api=promo) and when it takes an order; the storefront uses the same input cleaning and discount,
 * so the cart shows what will be charged. The code's own fields are the registry's (schemas/promo.ts).
 */

/** The longest promo code the input takes. */
export const PROMO_CODE_MAX = 54;

/** What the promo input keeps and the server looks up: letters and digits, uppercased, at most 54. */
export const normalizePromoCode = (raw: string): string =>
  raw
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, PROMO_CODE_MAX);

/** The seed's rule: the percent divided by 100, the price after the discount rounded per unit (150 at 5 % → 143). */
export function discountedUnitPrice(price: number, percent: number): number {
  if (!percent) return price;
  const p = Math.min(100, Math.max(0, percent));
  // price * (100 - p) / 100 keeps halves exact (150 at 5% is 142.5, rounded to 143).
  return Math.round((price * (100 - p)) / 100);
}

/** What a code gives: a percent off each unit (the seed's), a fixed sum off the goods, or free delivery. */
export const PROMO_KINDS = ['percent', 'fixed', 'free_delivery'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** A stored or answered kind; anything else (a code stored before kinds) is a percent code. */
export const promoKindOf = (v: unknown): PromoKind => ((PROMO_KINDS as readonly unknown[]).includes(v) ? (v as PromoKind) : 'percent');

/** Why a code is refused; each has its text in i18n (errors.promo_<reason>). */
export type PromoRefusal = 'not_found' | 'not_started' | 'expired' | 'used' | 'min_sum';

/** What the rule needs to know of a stored code. */
export interface PromoTerms {
  isOnceOnly: boolean;
  /** Uses allowed in all; null or 0 = no limit. */
  maxUses?: number | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  /** The minimum sum of goods (before the discount) the code works from; 0 = any. */
  condition: number;
  /** Times used. */
  count: number;
}

/** How many uses a code allows in all: 1 for a single-use code, its `maxUses` if set, else null (no limit). */
export function useLimit(p: Pick<PromoTerms, 'isOnceOnly' | 'maxUses'>): number | null {
  if (p.isOnceOnly) return 1;
  return p.maxUses && p.maxUses > 0 ? p.maxUses : null;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `now` is before the window's start / after its end. Date-only bounds are whole days in the store's zone. */
function windowState(p: Pick<PromoTerms, 'dateFrom' | 'dateTo'>, now: Date, timeZone: string): 'before' | 'after' | 'in' {
  const today = localTime(now, timeZone).date;
  const from = p.dateFrom?.trim();
  const to = p.dateTo?.trim();
  if (from) {
    if (DATE_ONLY.test(from) ? today < from : now.getTime() < Date.parse(from)) return 'before';
  }
  if (to) {
    if (DATE_ONLY.test(to) ? today > to : now.getTime() > Date.parse(to)) return 'after';
  }
  return 'in';
}

/**
 * Whether a code may be used now on goods worth `goodsTotal` (before the discount; unknown = not checked).
 * Usage is only read here; the server counts a use atomically when it stores the order.
 */
export function checkPromo(p: PromoTerms | null, opts: { now: Date; timeZone: string; goodsTotal?: number | null }): PromoRefusal | null {
  if (!p) return 'not_found';
  const w = windowState(p, opts.now, opts.timeZone);
  if (w === 'before') return 'not_started';
  if (w === 'after') return 'expired';
  const limit = useLimit(p);
  if (limit !== null && p.count >= limit) return 'used';
  if (opts.goodsTotal !== undefined && opts.goodsTotal !== null && belowCondition(p.condition, opts.goodsTotal)) return 'min_sum';
  return null;
}

/** Whether goods worth `goodsTotal` (before the discount) are below the code's minimum sum. */
export const belowCondition = (condition: number | null | undefined, goodsTotal: number): boolean => !!condition && condition > 0 && goodsTotal < condition;
