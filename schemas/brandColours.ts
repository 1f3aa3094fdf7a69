import { RGBA_PATTERN, type ThemeColourName } from './colours';

/**
 * The six brand colours the owner sets first (admin settings, "Оформление"); the other 40 stay under "more".
 * Each sets the detailed colours that `follow` it, and the text drawn on it (`on`) is dark or white by contrast.
 */
export const BRAND_COLOURS = [
  { name: 'client_button_background', follow: [], on: ['client_button_text'], tint: [] },
  // The selected line of a list or menu (the storefront's current category) takes a light tint of the buttons'
  // colour, its text the colour itself (walk 35: a berry palette kept the default's light blue there).
  { name: 'button_background', follow: ['button_border', 'links', 'dropdown_active_text'], on: ['button_text'], tint: ['dropdown_active_background'] },
  { name: 'active_button_background', follow: [], on: ['active_button_text'], tint: [] },
  { name: 'header_background', follow: [], on: ['header_text', 'header_icons'], tint: [] },
  { name: 'background_main', follow: [], on: [], tint: [] },
  { name: 'footer_background', follow: [], on: ['footer_text'], tint: [] },
] as const satisfies readonly { name: ThemeColourName; follow: readonly ThemeColourName[]; on: readonly ThemeColourName[]; tint: readonly ThemeColourName[] }[];
export type BrandColourName = (typeof BRAND_COLOURS)[number]['name'];

const DARK_TEXT = '33,37,41,1';
const LIGHT_TEXT = '255,255,255,1';

const luminance = (rgba: string) => {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = rgba.split(',').map((c) => lin(Number(c) / 255));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** Text on a colour: the shop's dark text or white, whichever contrasts more with it (WCAG contrast ratio). */
export function textOn(rgba: string): string {
  const l = luminance(rgba);
  return (l + 0.05) / (luminance(DARK_TEXT) + 0.05) > 1.05 / (l + 0.05) ? DARK_TEXT : LIGHT_TEXT;
}

/** A colour one tenth strong over white, opaque: the light background of a line drawn in that colour. */
export function tintOf(rgba: string): string {
  const [r, g, b] = rgba.split(',').map(Number);
  return [r, g, b].map((c) => Math.round(255 - (255 - c) * 0.1)).join(',') + ',1';
}

/** The detailed colours a brand colour sets: itself, those that follow it, the text on it and its light tints. */
export function brandColourValues(name: BrandColourName, rgba: string): Record<string, string> {
  const brand = BRAND_COLOURS.find((b) => b.name === name)!;
  const out: Record<string, string> = { [name]: rgba };
  for (const f of brand.follow) out[f] = rgba;
  if (RGBA_PATTERN.test(rgba)) {
    for (const t of brand.on) out[t] = textOn(rgba);
    for (const t of brand.tint) out[t] = tintOf(rgba);
  }
  return out;
}

/** Ready palettes of the six brand colours ('classic' is the shop's default look). */
export const BRAND_PRESETS: Record<string, Record<BrandColourName, string>> = {
  classic: { client_button_background: '255,212,59,1', button_background: '25,113,194,1', active_button_background: '47,158,68,1', header_background: '255,255,255,1', background_main: '245,246,248,1', footer_background: '33,37,41,1' },
  forest: { client_button_background: '47,158,68,1', button_background: '43,108,68,1', active_button_background: '230,119,0,1', header_background: '235,251,238,1', background_main: '246,250,245,1', footer_background: '26,60,40,1' },
  ocean: { client_button_background: '28,126,214,1', button_background: '16,98,164,1', active_button_background: '12,166,120,1', header_background: '16,98,164,1', background_main: '241,246,251,1', footer_background: '11,45,74,1' },
  berry: { client_button_background: '214,51,108,1', button_background: '166,30,77,1', active_button_background: '112,72,232,1', header_background: '255,255,255,1', background_main: '255,245,247,1', footer_background: '74,16,40,1' },
  graphite: { client_button_background: '240,140,0,1', button_background: '52,58,64,1', active_button_background: '240,140,0,1', header_background: '33,37,41,1', background_main: '248,249,250,1', footer_background: '0,0,0,1' },
};

/** Every detailed colour a preset sets. */
export function presetValues(preset: string): Record<string, string> {
  const brand = BRAND_PRESETS[preset];
  return Object.assign({}, ...BRAND_COLOURS.map((b) => brandColourValues(b.name, brand[b.name])));
}
