import { describe, expect, it } from 'vitest';
import { RGBA_PATTERN, THEME_COLOURS } from './colours';
import { BRAND_COLOURS, BRAND_PRESETS, brandColourValues, presetValues, textOn, tintOf } from './brandColours';
import { itMaps } from './testing/cases';

describe('brand colours', () => {
  const dark = '33,37,41,1';
  const white = '255,255,255,1';
  itMaps('writes dark text on light colours and white on dark ones: %s', textOn, [
    ['255,212,59,1', dark],
    ['255,255,255,1', dark],
    ['25,113,194,1', white],
    ['33,37,41,1', white],
  ]);

  it('a brand colour sets those that follow it and the text on it', () => {
    expect(brandColourValues('button_background', '10,20,30,1')).toEqual({ button_background: '10,20,30,1', button_border: '10,20,30,1', links: '10,20,30,1', dropdown_active_text: '10,20,30,1', button_text: '255,255,255,1', dropdown_active_background: '231,232,233,1' });
    expect(brandColourValues('background_main', '250,250,250,1')).toEqual({ background_main: '250,250,250,1' });
  });

  it("the selected line's background is a light tint of the buttons' colour, close to the default's for the default blue", () => {
    expect(tintOf('166,30,77,1')).toBe('246,233,237,1');
    expect(tintOf('25,113,194,1')).toBe('232,241,249,1');
    expect(brandColourValues('button_background', 'bad').dropdown_active_background).toBeUndefined();
  });

  it('every preset sets valid colours of the theme, and the classic one keeps the default brand colours', () => {
    const names = new Set<string>(THEME_COLOURS.map(([n]) => n));
    const defaults = Object.fromEntries(THEME_COLOURS);
    for (const preset of Object.keys(BRAND_PRESETS)) {
      for (const [name, value] of Object.entries(presetValues(preset))) {
        expect(names.has(name), name).toBe(true);
        expect(value).toMatch(RGBA_PATTERN);
      }
    }
    for (const b of BRAND_COLOURS) expect(BRAND_PRESETS.classic[b.name]).toBe(defaults[b.name]);
  });
});
