import { describe, expect, it } from 'vitest';
import { hexToRgba } from '../../schemas';
import { clampAlphaTyping, normaliseHexTyping, splitRgba } from './colour';
import { itMaps } from '../../schemas/testing/cases';

describe('colour fields (seed: hex of 7 characters, uppercase, alpha 0..1 step 0.1)', () => {
  itMaps('keeps # and six uppercase hex digits while typing: %j', normaliseHexTyping, [
    ['ff00aa', '#FF00AA'],
    ['#1971c2zz', '#1971C2'],
    ['#12345678', '#123456'],
    ['', ''],
  ]);

  itMaps('shows a stored r,g,b,alpha as hex and alpha: %j', splitRgba, [
    ['25,113,194,1', { hex: '#1971C2', alpha: '1' }],
    ['0,0,0,0.4', { hex: '#000000', alpha: '0.4' }],
    ['255,255,255,', { hex: '#FFFFFF', alpha: '1' }],
    ['', { hex: '', alpha: '' }],
    [null, { hex: '', alpha: '' }],
  ]);

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
