import { HEX_PATTERN, rgbaToHex } from '../../schemas';

/** What the hex field keeps while typing: '#' and at most 6 uppercase hex digits; '' when cleared. */
export const normaliseHexTyping = (raw: string) => {
  const body = raw.toUpperCase().replace(/[^0-9A-F]/g, '').slice(0, 6);
  return raw.trim() === '' ? '' : `#${body}`;
};

/** The stored 'r,g,b,alpha' as the hex and alpha fields show it ('' and '' when unset or malformed). */
export function splitRgba(value: unknown): { hex: string; alpha: string } {
  if (typeof value !== 'string' || !value.trim()) return { hex: '', alpha: '' };
  const { hex, alpha } = rgbaToHex(value);
  return HEX_PATTERN.test(hex) && Number.isFinite(alpha) ? { hex, alpha: String(alpha) } : { hex: '', alpha: '' };
}

/** The alpha field's text after typing: a comma reads as a point, the value stays within 0..1. */
export function clampAlphaTyping(raw: string): string {
  const a = raw.replace(',', '.').trim();
  if (a === '' || a === '.' || a === '0.') return a;
  const n = Number(a);
  if (!Number.isFinite(n)) return '';
  if (n > 1) return '1';
  if (n < 0) return '0';
  return a;
}
