import { describe, expect, it } from 'vitest';
import { hexToRgba } from '../../schemas';
import { clampAlphaTyping, normaliseHexTyping, splitRgba } from './colour';

describe('colour fields (seed: hex of 7 characters, uppercase, alpha 0..1 step 0.1)', () => {
  it.each<[typed: string, shown: string]>([
    ['ff00aa', '#FF00AA'],
    ['#1971c2zz', '#1971C2'],
    ['#12345678', '#123456'],
    ['', ''],
  ])('keeps # and six uppercase hex digits while typing: %j', (typed, shown) => {
    expect(normaliseHexTyping(typed)).toBe(shown);
  });

  it.each<[stored: string | null, shown: { hex: string; alpha: string }]>([
    ['25,113,194,1', { hex: '#1971C2', alpha: '1' }],
    ['0,0,0,0.4', { hex: '#000000', alpha: '0.4' }],
    ['255,255,255,', { hex: '#FFFFFF', alpha: '1' }],
    ['', { hex: '', alpha: '' }],
    [null, { hex: '', alpha: '' }],
  ])('shows a stored r,g,b,alpha as hex and alpha: %j', (stored, shown) => {
    expect(splitRgba(stored)).toEqual(shown);
  });

  it('clamps alpha to 0..1 and derives the stored value with alpha 1 when empty', () => {
    const cases: [typed: string, kept: string][] = [
      ['1.5', '1'],
      ['-2', '0'],
      ['0,3', '0.3'],
      ['0.', '0.'],
    ];
    for (const [typed, kept] of cases) expect(clampAlphaTyping(typed), typed).toBe(kept);
    expect(hexToRgba('#1971C2', '')).toBe('25,113,194,1');
    expect(hexToRgba('#1971C2', 0.34)).toBe('25,113,194,0.3');
  });
});
