/**
 * The shop's external links (the seed's section 7): an address opens a maps search by its text, a phone is
 * a tel: link, an e-mail a mailto: link (decision: built from the e-mail; the seed built it from the phone,
 * which looks like a slip). A product link is the item route on this origin (decision: our router uses
 * plain paths, so the seed's `{origin}{path}#/category/{path}/item/{id}` hash shape would not open it).
 */
export const MAPS_SEARCH = 'https://yandex.ru/maps/?text=';

export const mapsSearchUrl = (address: string) => MAPS_SEARCH + encodeURIComponent(address.replace(/\s+/g, ' ').trim());

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export const mailtoHref = (email: string) => `mailto:${email.trim()}`;

export const productLink = (path: string, itemId: string | number, origin: string = location.origin) =>
  `${origin}/category/${encodeURIComponent(path)}/item/${encodeURIComponent(String(itemId))}`;
