import { formatPhone, phoneComplete } from '../../schemas/rules/phone';

/** The sign-in's two phone fields: the dial code (digits, at most 7) and the number. */
export const DIAL_CODE_MAX = 7;
export interface PhoneFields {
  dial: string;
  number: string;
}

/**
 * A whole Russian number written into one field ('+7 999 000-00-00', '+7 (999) 000-00-00', or '8 999 …' /
 * '7 999 …' when the dial code is 7), split as the fields show it: dial 7 and '(999) 000-00-00'. Read with
 * the order form's rule (schemas/rules/phone.ts). Null when it is not one.
 */
function wholeRussian(raw: string, dial: string): PhoneFields | null {
  const t = raw.trim();
  const withPrefix = /^\+\s*7/.test(t) || (dial === '7' && /^[78]/.test(t) && t.replace(/\D/g, '').length === 11);
  if (!withPrefix || !phoneComplete(t)) return null;
  return { dial: '7', number: formatPhone(t).replace(/^\+7\s*/, '') };
}

/**
 * What the fields hold after the number field changes to `raw`. Another country's number written whole with
 * its '+' keeps the plus: it names its own dial code (phoneOf reads it alone).
 */
export function numberChanged(raw: string, dial: string): PhoneFields {
  const whole = wholeRussian(raw, dial);
  if (whole) return whole;
  const plus = raw.trimStart().startsWith('+') ? '+' : '';
  return { dial, number: plus + raw.replace(/[^\d\s()-]/g, '').trimStart().slice(0, 20) };
}

/**
 * What the fields hold after the dial code field changes to `raw`: digits, at most 7; a whole number
 * pasted there (more digits than a dial code, with a '+' or spaces, brackets, dashes) goes to the number.
 */
export function dialChanged(raw: string, fields: PhoneFields): PhoneFields {
  const digits = raw.replace(/\D/g, '');
  const looksWhole = digits.length > DIAL_CODE_MAX || (digits.length > 3 && /[+\s()-]/.test(raw.trim()));
  if (looksWhole) {
    const whole = wholeRussian(raw, '7');
    if (whole) return whole;
    if (raw.trim().startsWith('+')) return { dial: fields.dial, number: numberChanged(raw, fields.dial).number };
  }
  return { dial: digits.slice(0, DIAL_CODE_MAX), number: fields.number };
}

