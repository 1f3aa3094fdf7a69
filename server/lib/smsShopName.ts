/** The longest shop name an SMS carries (characters, cut at a word's end). */
export const SMS_SHOP_NAME_MAX = 20;

/**
 * The shop's name as a platform SMS may carry it. The text around it is the platform's own template
 * (i18n/server `sms_login`, notifications `order_sms`), and the name is an owner's free text, so it is
 * made a plain name: digits (phone numbers, fake codes, amounts), links, e-mail and @handles, and every character that is not a
 * letter, a space or a hyphen are removed, and it is cut to SMS_SHOP_NAME_MAX characters. A name with
 * nothing left gets the template without a name.
 */
export function smsShopName(name: string): string {
  let s = name.normalize('NFKC');
  // Links and addresses first, whole: "sber-bank.ru/x", "www.x", "https://x", "t.me/x", "a@b.c", "@handle".
  s = s.replace(/\S*(?:[a-z]{2,}:\/\/|www\.)\S*/giu, ' ');
  s = s.replace(/\S*[\p{L}\p{N}_-][.,][\p{L}]{2,}\S*/gu, ' ');
  s = s.replace(/\S*@\S*/gu, ' ');
  // Then everything but letters, their marks, spaces, hyphens and apostrophes (digits, +, (), punctuation
  // that makes sentences, line breaks, bidi and other format characters, emoji).
  s = s.replace(/[^\p{L}\p{M}' -]+/gu, ' ');
  s = s.replace(/\s+/g, ' ').replace(/^[\s'-]+|[\s'-]+$/g, '');
  if (s.length <= SMS_SHOP_NAME_MAX) return s;
  const cut = s.slice(0, SMS_SHOP_NAME_MAX + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, SMS_SHOP_NAME_MAX)).replace(/[\s'-]+$/g, '');
}
