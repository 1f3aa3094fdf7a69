import { rgbaCss, themeVariables } from '../../schemas/colours';

/**
 * The store's 46 colours as CSS variables on <html>, for pages the server did not theme: the server puts
 * them into index.html (`<style id="shop-theme">`), so this loads only when that is missing (the Vite
 * dev server) and the store's colours arrive.
 */
export function applyTheme(colors: Record<string, string> | undefined): void {
  const style = document.documentElement.style;
  for (const [k, v] of Object.entries(themeVariables(colors))) style.setProperty(k, v);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', rgbaCss(colors?.header_background, '255,255,255,1'));
}
