import { getLang } from '../../lib/i18n';

/** An order's date as the customer's language writes it ('21.11.2026'); the shop's date when no time is known. */
export function orderDate(o: { date?: string | null; datetime?: string | null }): string {
  const iso = o.datetime ?? (o.date ? `${o.date}T12:00:00` : null);
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return o.date ?? '';
  try {
    return new Intl.DateTimeFormat(getLang(), { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
  } catch {
    return o.date ?? '';
  }
}
