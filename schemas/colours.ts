/**
 * The 46 theme colours of a store, stored as 'r,g,b,alpha' strings. Each becomes a CSS variable
 * `--color-<name>` in the storefront. The seed gives one default (search input 255,255,255,1); the rest
 * make a calm light theme.
 */
export const THEME_COLOURS = [
  ['background_main', '245,246,248,1'],
  ['background_secondary', '255,255,255,1'],
  ['background_card', '255,255,255,1'],
  ['header_background', '255,255,255,1'],
  ['header_text', '33,37,41,1'],
  ['header_icons', '33,37,41,1'],
  ['icons', '73,80,87,1'],
  ['icons_secondary', '134,142,150,1'],
  ['text_main', '33,37,41,1'],
  ['text_secondary', '73,80,87,1'],
  ['text_muted', '99,107,115,1'],
  ['button_background', '25,113,194,1'],
  ['button_text', '255,255,255,1'],
  ['button_border', '25,113,194,1'],
  ['danger_button_background', '224,49,49,1'],
  ['danger_button_text', '255,255,255,1'],
  ['client_button_background', '255,212,59,1'],
  ['client_button_text', '33,37,41,1'],
  ['image_background', '241,243,245,1'],
  ['offline_background', '73,80,87,1'],
  ['offline_text', '255,255,255,1'],
  ['sidebar_background', '255,255,255,1'],
  ['sidebar_text', '33,37,41,1'],
  ['sidebar_overlay', '0,0,0,0.4'],
  ['footer_background', '33,37,41,1'],
  ['footer_text', '222,226,230,1'],
  ['shadow', '0,0,0,0.1'],
  ['lines', '222,226,230,1'],
  ['price', '33,37,41,1'],
  ['old_price', '99,107,115,1'],
  ['discount_background', '224,49,49,1'],
  ['discount_text', '255,255,255,1'],
  ['notification_background', '33,37,41,0.9'],
  ['notification_text', '255,255,255,1'],
  ['notification_error_background', '224,49,49,0.95'],
  ['dropdown_active_background', '231,245,255,1'],
  ['dropdown_active_text', '25,113,194,1'],
  ['disabled_background', '222,226,230,1'],
  ['disabled_text', '134,142,150,1'],
  ['zoom_lens', '255,255,255,0.4'],
  ['links', '25,113,194,1'],
  ['fixed_footer_background', '255,255,255,1'],
  ['fixed_footer_text', '33,37,41,1'],
  ['active_button_background', '47,158,68,1'],
  ['active_button_text', '255,255,255,1'],
  ['search_input', '255,255,255,1'],
] as const;

export type ThemeColourName = (typeof THEME_COLOURS)[number][0];

/** 'r,g,b,alpha' with 0..255 channels and an optional alpha 0..1. */
export const RGBA_PATTERN = /^(25[0-5]|2[0-4]\d|1?\d?\d),(25[0-5]|2[0-4]\d|1?\d?\d),(25[0-5]|2[0-4]\d|1?\d?\d),(0(\.\d+)?|1(\.0+)?)?$/;
/** The admin's hex input: '#' and 6 uppercase hex digits. */
export const HEX_PATTERN = /^#[0-9A-F]{6}$/;

export function rgbaToHex(rgba: string): { hex: string; alpha: number } {
  const [r, g, b, a] = rgba.split(',');
  const hex = '#' + [r, g, b].map((c) => Number(c).toString(16).padStart(2, '0').toUpperCase()).join('');
  return { hex, alpha: a === undefined || a === '' ? 1 : Number(a) };
}

/** Derives the stored 'r,g,b,alpha' from the admin's hex and alpha; alpha defaults to 1 and is clamped to 0..1. */
export function hexToRgba(hex: string, alpha: number | string | null | undefined): string | null {
  if (!HEX_PATTERN.test(hex.toUpperCase())) return null;
  const n = parseInt(hex.slice(1), 16);
  let a = alpha === '' || alpha === null || alpha === undefined ? 1 : Number(alpha);
  if (!Number.isFinite(a)) a = 1;
  a = Math.min(1, Math.max(0, Math.round(a * 10) / 10));
  return `${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${a}`;
}

/** A stored colour as CSS: 'r,g,b,alpha' → rgba(r,g,b,alpha), alpha 1 when empty; the default when blank. */
export function rgbaCss(value: string | undefined | null, fallback: string): string {
  const v = (value ?? '').trim() || fallback;
  const [r, g, b, a] = v.split(',').map((s) => s.trim());
  return `rgba(${r},${g},${b},${a === undefined || a === '' ? 1 : a})`;
}

/** The store's theme as CSS variables `--color-<name>` (unset colours take the defaults above). */
export function themeVariables(colors: Record<string, string | null | undefined> | undefined): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, def] of THEME_COLOURS) vars[`--color-${name}`] = rgbaCss(colors?.[name], def);
  return vars;
}

/** The same as one `:root{…}` rule, which the server puts into the storefront's index.html. */
export function themeCss(colors: Record<string, string | null | undefined> | undefined): string {
  return `:root{${Object.entries(themeVariables(colors)).map(([k, v]) => `${k}:${v}`).join(';')}}`;
}

