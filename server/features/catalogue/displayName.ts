/**
 * The name a card shows, kept in the `name` column: the offer's name, else what its type names it by
 * (artist.title: the title; vendor.model: type prefix, vendor and model). Pure: the YML import worker uses it.
 */
export function displayNameOf(v: Record<string, unknown>): string {
  return text(v.name) || text(v.title) || [v.typePrefix, v.vendor, v.model].map(text).filter(Boolean).join(' ');
}
const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x).trim() : '');
