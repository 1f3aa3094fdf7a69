/**
 * Whether a link may go into an href and be opened: a path on the shop or an http(s) address. Parsed the
 * way the browser parses it (tabs and newlines inside, spaces and control characters around are dropped),
 * so `java\tscript:`, ` JavaScript:`, `data:` and `vbscript:` are refused however they are spelled.
 */
export function isWebLink(link: string | null | undefined): link is string {
  if (!link || !link.trim()) return false;
  try {
    const u = new URL(link, 'https://shop.invalid/');
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
