import { describe, expect, it } from 'vitest';
import { hexToRgba } from '../../schemas';
import { clampAlphaTyping, normaliseHexTyping, splitRgba } from './colour';

describe('colour fields (seed: hex of 7 characters, uppercase, alpha 0..1 step 0.1)', () => {
  it('keeps # and six uppercase hex digits while typing', () => {
    expect(normaliseHexTyping('ff00aa')).toBe('#FF00AA');
    expect(normaliseHexTyping('#1971c2zz')).toBe('#1971C2');
    expect(normaliseHexTyping('#12345678')).toBe('#123456');
    expect(normaliseHexTyping('')).toBe('');
  });

  it('shows a stored r,g,b,alpha as hex and alpha', () => {
    expect(splitRgba('25,113,194,1')).toEqual({ hex: '#1971C2', alpha: '1' });
    expect(splitRgba('0,0,0,0.4')).toEqual({ hex: '#000000', alpha: '0.4' });
    expect(splitRgba('255,255,255,')).toEqual({ hex: '#FFFFFF', alpha: '1' });
    expect(splitRgba('')).toEqual({ hex: '', alpha: '' });
    expect(splitRgba(null)).toEqual({ hex: '', alpha: '' });
  });

  it('clamps alpha to 0..1 and derives the stored value with alpha 1 when empty', () => {
    expect(clampAlphaTyping('1.5')).toBe('1');
    expect(clampAlphaTyping('-2')).toBe('0');
    expect(clampAlphaTyping('0,3')).toBe('0.3');
    expect(clampAlphaTyping('0.')).toBe('0.');
    expect(hexToRgba('#1971C2', '')).toBe('25,113,194,1');
    expect(hexToRgba('#1971C2', 0.34)).toBe('25,113,194,0.3');
  });
});
