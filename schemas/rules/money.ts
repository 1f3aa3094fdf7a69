/**
 * Money, pure and browser-safe, shared by the server and the storefront.
 * Prices as the shop shows them: digits grouped by three ('12 990'), with thin spaces (U+2009) once a
 * number has six or more digits ('1 299 990'), a no-break space before the currency sign.
 */
export const THIN_SPACE = '\u2009';
export const NBSP = '\u00a0';

const CURRENCY_SIGNS: Record<string, string> = { RUR: '₽', RUB: '₽', USD: '$', EUR: '€', UAH: '₴', BYN: 'Br', KZT: '₸' };

export const currencySign = (currencyId: string | null | undefined) => CURRENCY_SIGNS[(currencyId ?? 'RUR').toUpperCase()] ?? currencyId ?? '₽';

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const negative = value < 0;
  const rounded = Math.round(Math.abs(value) * 100) / 100;
  const int = String(Math.trunc(rounded));
  const cents = Math.round((rounded - Math.trunc(rounded)) * 100);
  const sep = int.length >= 6 ? THIN_SPACE : NBSP;
  const grouped = int.length >= 4 ? int.replace(/\B(?=(\d{3})+(?!\d))/g, sep) : int;
  return (negative ? '−' : '') + grouped + (cents ? ',' + String(cents).padStart(2, '0') : '');
}

/** '12 990 ₽' */
export const formatPrice = (value: number | string | null | undefined, currencyId?: string | null): string => {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return `${formatNumber(n)}${NBSP}${currencySign(currencyId)}`;
};

/** Discount in percent when the old price is higher than the price, else null. */
export function discountPercent(price: number | null | undefined, oldprice: number | null | undefined): number | null {
  if (!price || !oldprice || !(oldprice > price)) return null;
  return Math.round(((oldprice - price) / oldprice) * 100);
}

/** Roubles as the seed's texts write them ('Минимальная сумма заказа 700 р.'): whole numbers bare, else two decimals. */
export const formatRoubles = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** Money is kept to the kopeck. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * The discount sort's expression in SQL: the share the old price is above the price, 0 without one. It is
 * `discountPercent` / 100 before rounding; the list query orders by it and an index is built on it
 * (server/db/migrations/2026112104_discount_sort.ts re-exports it), so the text must stay byte for byte.
 */
export const DISCOUNT_EXPRESSION = 'case when oldprice > price and oldprice > 0 then (oldprice - price) / oldprice else 0 end';
