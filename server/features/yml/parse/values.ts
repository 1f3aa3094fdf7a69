/** Small value readers of the YML parser: text, booleans, decimals, periods, markup escaping. */

/** Inner whitespace runs as one space, trimmed. */
export const collapseByRegExp = (s: string): string => s.replace(/\s+/g, ' ').trim();
/** JavaScript's \s beyond ASCII. */
const wideSpace = (c: number) =>
  c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
/**
 * collapseByRegExp, without the regular expression for the common text that has nothing to collapse (single
 * spaces between words): every field of every offer goes through it. values.test.ts holds the two equal.
 */
export const collapse = (s: string): string => {
  const last = s.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) {
      if (i === 0 || i === last || s.charCodeAt(i + 1) === 32) return collapseByRegExp(s);
    } else if (c < 32 ? c >= 9 && c <= 13 : c >= 0xa0 && wideSpace(c)) return collapseByRegExp(s);
  }
  return s;
};

export const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

/** YML boolean → '1' / '0', or null when the text is not a boolean. */
export function toBool(v: string): '1' | '0' | null {
  const s = v.trim().toLowerCase();
  if (s === 'true' || s === '1' || s === 'yes' || s === 'да') return '1';
  if (s === 'false' || s === '0' || s === 'no' || s === 'нет') return '0';
  return null;
}

export const ISO_PERIOD = /^P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/i;

/** A price as a plain decimal: spaces dropped, decimal comma → dot; null when not a number. */
export function toDecimal(v: string): string | null {
  const s = v.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  // Drop insignificant leading zeros but keep "0.5".
  return s.replace(/^0+(?=\d)/, '');
}

/** The same currency under both of its codes (Yandex accepts RUR and RUB for roubles). */
export const currencyAliases = (id: string): string[] => (id === 'RUR' || id === 'RUB' ? ['RUR', 'RUB'] : [id]);
