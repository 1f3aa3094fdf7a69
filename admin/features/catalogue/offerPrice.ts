/** A price in the item's currency ('RUR' is the rouble), in the admin's locale (the product list and its bulk dialogs). */
export function formatPrice(value: unknown, currencyId: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const currency = String(currencyId ?? 'RUB').toUpperCase() === 'RUR' ? 'RUB' : String(currencyId ?? 'RUB').toUpperCase();
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(Number(value));
  } catch {
    return `${value} ${currencyId ?? ''}`.trim();
  }
}
