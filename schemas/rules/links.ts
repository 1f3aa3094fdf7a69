/**
 * Whether a link may go into an href and be opened: a path on the shop or an http(s) address. Parsed the
 * way the browser parses it (tabs and newlines inside, spaces and control characters around are dropped),
 * so `java\tscript:`, ` JavaScript:`, `data:` and `vbscript:` are refused however they are spelled.
 */
export function isWebLink(link: string | null | undefined): link is string {
  if (!link || !link.trim()) return false;
  try {
    const u = new URL(link, 'https://shop.invalid/');
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The maps service the shop's address links open (a search by text, or a pin at a point). */
export const MAPS_URL = 'https://yandex.ru/maps/';

/**
 * A link to an address on the map: a pin at its point when the point is known (chosen on the map at
 * checkout), else a search for its text; null without either.
 */
export function mapLinkOf(place: { address?: string | null; latitude?: string | number | null; longitude?: string | number | null }): string | null {
  const lat = Number(place.latitude);
  const lon = Number(place.longitude);
  const hasPoint = place.latitude !== null && place.latitude !== undefined && place.latitude !== '' && place.longitude !== null && place.longitude !== undefined && place.longitude !== '';
  if (hasPoint && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) return `${MAPS_URL}?pt=${lon},${lat}&z=17&l=map`;
  const text = place.address?.replace(/\s+/g, ' ').trim();
  return text ? `${MAPS_URL}?text=${encodeURIComponent(text)}` : null;
}
