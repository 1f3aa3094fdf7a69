/**
 * The store's head: favicon and the owner's CSS. Its colours are in index.html already (the
 * server's `<style id="shop-theme">`); without them lib/themeColours.ts sets them.
 */

/**
 * The favicon from the store settings (the server's page has it already: then nothing changes); failures are
 * only logged (the seed). The title is each page's (features/seo/pageTitle.ts).
 */
export function applyFavicon(faviconUrl: string | undefined): void {
  if (typeof document === 'undefined') return;
  try {
    if (faviconUrl) {
      let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      if (link.getAttribute('href') !== faviconUrl) link.href = faviconUrl;
    }
  } catch (e) {
    console.warn('favicon', e);
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
    // A page whose policy admits the server's styles by nonce: a new one carries the same.
    const nonce = (document.getElementById('shop-theme') as HTMLStyleElement | null)?.nonce;
    if (nonce) el.nonce = nonce;
    document.head.appendChild(el);
  }
  // Text only: a closing tag cannot end the style element early. The server's own element (allowed by the
  // hash of its text, server/app.ts) is left as it is when its text is the same: a rewrite would pass through
  // an empty text the page's policy does not allow (a CSP violation report).
  const text = css.replace(/<\/style/gi, '');
  if (el.textContent !== text) el.textContent = text;
}
