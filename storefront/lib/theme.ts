import { THEME_COLOURS } from '../../schemas/colours';

/**
 * The store's 46 colours as CSS variables `--color-<name>: rgba(r,g,b,a)` on <html>; every component's
 * CSS reads them. Until the store loads, the registry's defaults apply.
 */
export const rgbaCss = (value: string | undefined | null, fallback: string): string => {
  const v = (value ?? '').trim() || fallback;
  const [r, g, b, a] = v.split(',').map((s) => s.trim());
  return `rgba(${r},${g},${b},${a === undefined || a === '' ? 1 : a})`;
};

export function themeVariables(colors: Record<string, string> | undefined): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, def] of THEME_COLOURS) vars[`--color-${name}`] = rgbaCss(colors?.[name], def);
  return vars;
}

export function applyTheme(colors: Record<string, string> | undefined): void {
  if (typeof document === 'undefined') return;
  const style = document.documentElement.style;
  for (const [k, v] of Object.entries(themeVariables(colors))) style.setProperty(k, v);
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', rgbaCss(colors?.header_background, '255,255,255,1'));
}

/** Title and favicon from the store settings; failures are only logged (the seed). */
export function applyHead(title: string | null | undefined, faviconUrl: string | undefined): void {
  if (typeof document === 'undefined') return;
  try {
    if (title) document.title = title;
    if (faviconUrl) {
      let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      link.href = faviconUrl;
    }
  } catch (e) {
    console.warn('favicon/title', e);
  }
}

/** The owner's own CSS (store setting custom_css) after the shop's styles. */
export function applyCustomCss(css: string | null | undefined): void {
  if (typeof document === 'undefined') return;
  let el = document.getElementById('shop-custom-css') as HTMLStyleElement | null;
  if (!css?.trim()) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('style');
    el.id = 'shop-custom-css';
    document.head.appendChild(el);
  }
  // Text only: a closing tag cannot end the style element early.
  el.textContent = css.replace(/<\/style/gi, '');
}
