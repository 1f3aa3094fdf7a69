import { describe, expect, it } from 'vitest';
import { formatIosPhone, formatPhone, nationalDigits, phoneComplete, phoneDigits } from './phone';
import { itMaps } from '../testing/cases';

/** Types `keys` one by one into the phone input: each keystroke appends to what the input shows. */
const typed = (keys: string) => [...keys].reduce((shown, key) => formatPhone(shown + key), '');

describe('the order form’s phone', () => {
  itMaps('builds the mask +7 (999) 099-99-99 as digits are typed, and can be deleted back: %j', formatPhone, [
    ['9', '+7 (9'],
    ['+7 (999', '+7 (999'],
    ['+7 (9991', '+7 (999) 1'],
    ['+7 (999) 123456', '+7 (999) 123-45-6'],
    ['+7 (999) 123-45-678', '+7 (999) 123-45-67'],
    ['+7 (999) 123-45-6789', '+7 (999) 123-45-67'],
    ['+7 (', '+7'],
    ['+7', '+7'],
    ['+', '+'],
    ['', ''],
  ]);

  it('takes a number typed key by key with +7, 8, 7 or none in front', () => {
    for (const keys of ['+79213334455', '89213334455', '79213334455', '9213334455', '+7 921 333 44 55', '8 (921) 333-44-55']) expect(typed(keys), keys).toBe('+7 (921) 333-44-55');
    const cases: [keys: string, shown: string][] = [
      // The prefix typed first shows the mask at once, and the next digit goes after it.
      ['8', '+7 ('],
      ['7', '+7 ('],
      ['89', '+7 (9'],
      // A St Petersburg number: its 8 after the +7 is a digit of the number.
      ['+78125550123', '+7 (812) 555-01-23'],
      // More digits than a number has are not taken.
      ['+792133344556', '+7 (921) 333-44-55'],
    ];
    for (const [keys, shown] of cases) expect(typed(keys), keys).toBe(shown);
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
    for (const digits of ['9991234567', '89991234567']) expect(formatIosPhone(digits), digits).toBe('(999) 123-45-67');
  });

  it('gives the SMS check digits only, 7XXXXXXXXXX', () => {
    for (const phone of ['8 (999) 123-45-67', '+7 (999) 123-45-67']) expect(phoneDigits(phone), phone).toBe('79991234567');
    expect(phoneDigits('8123')).toBe('8123');
  });
});
