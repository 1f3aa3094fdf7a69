/**
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
