/**
 * The order form's phone (seed: client_phone, mask '+7 (999) 099-99-99'): pure and browser-safe. The
 * storefront shapes what is typed or pasted with these; the checkout rule (checkout.ts) calls a number
 * complete with the same reading on both sides. The server keeps the number in E.164 besides
 * (libphonenumber-js, server/features/auth).
 */

/**
 * The national part (10 digits at most) of what was typed or pasted: '+7 (921) 333-44-55', '+79213334455',
 * '8 921 333 44 55', '8(921)3334455', '9213334455', or a paste into a field that already shows '+7 ('.
 */
export function nationalDigits(raw: string): string {
  const trimmed = raw.trim();
  let d = trimmed.replace(/\D/g, '');
  // '+7 …' as the field shows it, or typed with the plus: the 7 is the country code.
  if (/^\+\s*7/.test(trimmed)) d = d.slice(1);
  // Without the plus, a first 7 or 8 is the prefix: alone (the first key), or before ten digits (pasted).
  else if (!trimmed.startsWith('+') && (d[0] === '7' || d[0] === '8') && (d.length === 1 || d.length === 11)) d = d.slice(1);
  // The trunk prefix 8 (or a 7) after the +7: '+7 8 921 …' pasted, or '8 921 …' pasted into a field showing '+7 ('.
  if (d.length > 10 && (d[0] === '8' || d[0] === '7')) d = d.slice(1);
  return d.slice(0, 10);
}

/**
 * What the phone input shows after each keystroke or paste, in the seed's mask '+7 (999) 099-99-99'. A
 * plus or '+7' typed first stays as typed; a first 8 or 7 typed without the plus is the prefix ('+7 (').
 */
export function formatPhone(raw: string): string {
  const t = raw.trim();
  if (t === '') return '';
  // Only a prefix so far: 8 or 7 typed first starts the mask.
  if (/^[78]$/.test(t)) return '+7 (';
  const n = nationalDigits(t);
  if (n) return '+7 ' + formatNational(n);
  if (t === '+') return '+';
  // '+7' as typed, and what is left deleting back through '+7 ('.
  return /^\+\s*7/.test(t) ? '+7' : '';
}

/** The iOS web view's variant: the input holds '(###) ###-##-##' with '+7' shown before it. */
export function formatIosPhone(raw: string): string {
  const d = raw.replace(/\D/g, '');
  const n = (d.length === 11 && (d[0] === '7' || d[0] === '8') ? d.slice(1) : d).slice(0, 10);
  return n ? formatNational(n) : '';
}

function formatNational(n: string): string {
  let out = '(' + n.slice(0, 3);
  if (n.length > 3) out += ') ' + n.slice(3, 6);
  if (n.length > 6) out += '-' + n.slice(6, 8);
  if (n.length > 8) out += '-' + n.slice(8, 10);
  return out;
}

/**
 * A full number of the form: ten national digits after +7 (or 8), however it is written. Another
 * country's '+…' and digits beyond a prefix and ten are not.
 */
export function phoneComplete(raw: string | null | undefined): boolean {
  if (typeof raw !== 'string') return false;
  const t = raw.trim();
  if (/^\+\s*[0-689]/.test(t)) return false;
  return nationalDigits(t).length === 10 && t.replace(/\D/g, '').length <= 12;
}

/** For the SMS check (phoneNumber) and the session's phone: digits only, 7XXXXXXXXXX. */
export function phoneDigits(raw: string): string {
  const n = nationalDigits(raw);
  return n.length === 10 ? `7${n}` : raw.replace(/\D/g, '');
}
