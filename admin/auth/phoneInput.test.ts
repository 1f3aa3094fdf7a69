import { describe, expect, it } from 'vitest';
import { dialChanged, numberChanged } from './phoneInput';

describe('the sign-in phone fields', () => {
  it('take a whole Russian number pasted into the number field, with +7, 8 or 7, spaces and brackets', () => {
    for (const raw of ['+7 999 000-00-00', '+7 (999) 000-00-00', '+79990000000', '8 999 000 00 00', '8 (999) 000-00-00', '79990000000'])
      expect(numberChanged(raw, '7'), raw).toEqual({ dial: '7', number: '(999) 000-00-00' });
    // '+7 …' names its country whatever the dial code showed.
    expect(numberChanged('+7 999 000-00-00', '49')).toEqual({ dial: '7', number: '(999) 000-00-00' });
  });

  it('keep what is typed otherwise', () => {
    expect(numberChanged('999 000-00-00', '7')).toEqual({ dial: '7', number: '999 000-00-00' });
    expect(numberChanged('9990000000', '7')).toEqual({ dial: '7', number: '9990000000' });
    // A St Petersburg number: ten digits, its 8 is part of it.
    expect(numberChanged('8125550123', '7')).toEqual({ dial: '7', number: '8125550123' });
    // An 8 before ten digits is a prefix only for +7.
    expect(numberChanged('81234567890', '49')).toEqual({ dial: '49', number: '81234567890' });
    expect(numberChanged('12a3', '7').number).toBe('123');
    // Another country's number with its plus keeps the plus (read alone on "get the code").
    expect(numberChanged('+49 151 2345 6789', '7')).toEqual({ dial: '7', number: '+49 151 2345 6789' });
  });

  it('split a whole number pasted into the dial code field', () => {
    const empty = { dial: '7', number: '' };
    expect(dialChanged('+7 999 000-00-00', empty)).toEqual({ dial: '7', number: '(999) 000-00-00' });
    expect(dialChanged('8 (999) 000-00-00', empty)).toEqual({ dial: '7', number: '(999) 000-00-00' });
    expect(dialChanged('+49 151 2345 6789', empty)).toEqual({ dial: '7', number: '+49 151 2345 6789' });
    // A dial code itself: digits only, at most 7.
    expect(dialChanged('+49', empty)).toEqual({ dial: '49', number: '' });
    expect(dialChanged('12345678', empty)).toEqual({ dial: '1234567', number: '' });
  });
});
