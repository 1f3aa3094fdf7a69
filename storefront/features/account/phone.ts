import { storeSchema } from '../../../schemas/store';

/**
 * The sign-in phone: a dial code (digits, at most 7, default 7) and the national number. For +7 the number
 * takes the shop's phone mask (schemas/store.ts field 404, '+7 (999) 999-99-99': groups 3+3+2+2); other
 * countries type digits freely. The server checks the number for real (invalid_phone).
 */
export const DIAL_CODE_MAX = 7;
/** The server refuses a new code within 20 s. */
export const RESEND_AFTER_S = 20;

const storeMask = String(storeSchema.fields.find((f) => f.key === 'phone')?.mask ?? '+7 (999) 999-99-99');
/** The national part of the shop's mask: '(999) 999-99-99'. */
export const NATIONAL_MASK = storeMask.replace(/^\+7\s*/, '');
const MASK_DIGITS = NATIONAL_MASK.replace(/[^09]/g, '').length;

/** Fills a mask ('9' and '0' are digit slots) with digits as far as they go. */
export function applyMask(mask: string, digits: string): string {
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === '9' || ch === '0') out += digits[i++];
    else out += ch;
  }
  return out;
}

/** The number as typed, shaped for the dial code: masked for +7, digits and spaces otherwise. */
export function formatNational(dial: string, value: string): string {
  let digits = value.replace(/\D/g, '');
  if (dial === '7') {
    // Pasted with the country prefix: 8 999 … or 7 999 …
    if (digits.length > MASK_DIGITS && /^[78]/.test(digits)) digits = digits.slice(1);
    return applyMask(NATIONAL_MASK, digits.slice(0, MASK_DIGITS));
  }
  return value.replace(/[^\d ]/g, '').replace(/\s+/g, ' ').slice(0, 18);
}

/** '+<dial><number>' when it can be a phone number (E.164: at most 15 digits), else null. */
export function phoneOf(dial: string, number: string): string | null {
  const d = dial.replace(/\D/g, '').slice(0, DIAL_CODE_MAX);
  const n = number.replace(/\D/g, '');
  if (!d || !n || d.startsWith('0')) return null;
  if (d === '7' && n.length !== MASK_DIGITS) return null;
  if (d.length + n.length < 8 || d.length + n.length > 15) return null;
  return `+${d}${n}`;
}
