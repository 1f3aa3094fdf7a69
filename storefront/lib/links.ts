import { platform, type Platform } from './platform';

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

/**
 * The native apps' bridges, one name per action on both: iOS `webkit.messageHandlers.<name>.postMessage(arg)`,
 * Android `AndroidBridge.<name>(arg)`. Names in use: openLink (url), logout, requestPushPermission
 * (features/account/pushToken.ts also reads AndroidBridge.getPushToken / hasPushPermission).
 * False when not in an app or the app lacks that handler.
 */
export function callNative(name: string, arg?: string, p: Platform = platform): boolean {
  const w = window as unknown as { webkit?: { messageHandlers?: Record<string, { postMessage(m: unknown): void }> }; AndroidBridge?: Record<string, unknown> };
  const ios = p === 'ios' && w.webkit?.messageHandlers?.[name];
  if (ios) {
    ios.postMessage(arg ?? name);
    return true;
  }
  const bridge = p === 'android' ? w.AndroidBridge : undefined;
  const fn = bridge?.[name];
  if (typeof fn !== 'function') return false;
  try {
    if (arg === undefined) fn.call(bridge);
    else fn.call(bridge, arg);
    return true;
  } catch {
    return false;
  }
}

/** Opens a link outside the shop: through the app's bridge, else a new window. */
export function openExternal(url: string): void {
  if (!callNative('openLink', url)) window.open(url, '_blank', 'noopener,noreferrer');
}
