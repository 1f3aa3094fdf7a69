import { platform } from './platform';

/**
 * Where a link goes (banner clicks): an internal path or a same-origin address goes through the router;
 * anything else opens outside the shop (the native apps' bridges, otherwise a new window).
 */
export function internalPath(link: string, origin: string = typeof location === 'undefined' ? '' : location.origin): string | null {
  const l = link.trim();
  if (!l) return null;
  if (l.startsWith('/') && !l.startsWith('//')) return l;
  try {
    const u = new URL(l, origin);
    if (u.origin === origin) return u.pathname + u.search + u.hash;
  } catch {
    /* not a URL */
  }
  return null;
}

interface NativeBridges {
  webkit?: { messageHandlers?: Record<string, { postMessage(m: unknown): void }> };
  AndroidBridge?: { openLink?(url: string): void };
}

export function openExternal(url: string): void {
  const w = window as unknown as NativeBridges;
  if (platform === 'ios' && w.webkit?.messageHandlers?.openLink) {
    w.webkit.messageHandlers.openLink.postMessage(url);
    return;
  }
  if (platform === 'android' && w.AndroidBridge?.openLink) {
    w.AndroidBridge.openLink(url);
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
