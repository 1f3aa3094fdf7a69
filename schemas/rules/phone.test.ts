import { describe, expect, it } from 'vitest';
import { formatIosPhone, formatPhone, nationalDigits, phoneComplete, phoneDigits } from './phone';

/** Types `keys` one by one into the phone input: each keystroke appends to what the input shows. */
const typed = (keys: string) => [...keys].reduce((shown, key) => formatPhone(shown + key), '');

describe('the order form’s phone', () => {
  it('builds the mask +7 (999) 099-99-99 as digits are typed, and can be deleted back', () => {
    expect(formatPhone('9')).toBe('+7 (9');
    expect(formatPhone('+7 (999')).toBe('+7 (999');
    expect(formatPhone('+7 (9991')).toBe('+7 (999) 1');
    expect(formatPhone('+7 (999) 123456')).toBe('+7 (999) 123-45-6');
    expect(formatPhone('+7 (999) 123-45-678')).toBe('+7 (999) 123-45-67');
    expect(formatPhone('+7 (999) 123-45-6789')).toBe('+7 (999) 123-45-67');
    expect(formatPhone('+7 (')).toBe('+7');
    expect(formatPhone('+7')).toBe('+7');
    expect(formatPhone('+')).toBe('+');
    expect(formatPhone('')).toBe('');
  });

  it('takes a number typed key by key with +7, 8, 7 or none in front', () => {
    for (const keys of ['+79213334455', '89213334455', '79213334455', '9213334455', '+7 921 333 44 55', '8 (921) 333-44-55']) expect(typed(keys), keys).toBe('+7 (921) 333-44-55');
    // The prefix typed first shows the mask at once, and the next digit goes after it.
    expect(typed('8')).toBe('+7 (');
    expect(typed('7')).toBe('+7 (');
    expect(typed('89')).toBe('+7 (9');
    // A St Petersburg number: its 8 after the +7 is a digit of the number.
    expect(typed('+78125550123')).toBe('+7 (812) 555-01-23');
    // More digits than a number has are not taken.
    expect(typed('+792133344556')).toBe('+7 (921) 333-44-55');
  });

  it('reads pasted numbers with 8, 7 or +7, spaces, brackets and dashes, also into a field showing +7 (', () => {
    for (const pasted of ['89213334455', '+7 921 333 44 55', '8 (921) 333-44-55', '+7-921-333-44-55', '7 921 3334455', '+7 (+79213334455', '+7 (89213334455', '+7 (+7 921 333 44 55', '+7 (8 921 333 44 55', ' 921 333 44 55 ']) {
      expect(formatPhone(pasted), pasted).toBe('+7 (921) 333-44-55');
    }
    expect(nationalDigits('+7 (899) 912-34-567')).toBe('9991234567');
  });

  it('calls ten national digits complete, however written, and nothing else', () => {
    for (const ok of ['+7 (921) 333-44-55', '89213334455', '9213334455', '+7 8 921 333 44 55']) expect(phoneComplete(ok), ok).toBe(true);
    for (const bad of ['+7 (921) 333-44-5', '', '921', '+1 415 555 2671', '1234567890123', null]) expect(phoneComplete(bad), String(bad)).toBe(false);
  });

  it('has the iOS variant (###) ###-##-##', () => {
    expect(formatIosPhone('9991234567')).toBe('(999) 123-45-67');
    expect(formatIosPhone('89991234567')).toBe('(999) 123-45-67');
  });

  it('gives the SMS check digits only, 7XXXXXXXXXX', () => {
    expect(phoneDigits('8 (999) 123-45-67')).toBe('79991234567');
    expect(phoneDigits('+7 (999) 123-45-67')).toBe('79991234567');
    expect(phoneDigits('8123')).toBe('8123');
  });
});
