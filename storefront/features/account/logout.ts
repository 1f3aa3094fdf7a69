import { call, delay, select } from 'redux-saga/effects';
import { imgUrl } from '../../lib/config';
import { t } from '../../lib/i18n';
import { callNative } from '../../lib/links';
import { platform as currentPlatform, type Platform } from '../../lib/platform';
import { readString } from '../../lib/storage';

/**
 * What signing out does after the session is dropped (the seed's section 4, Authentication):
 * - in the shop's apps (iOS, Android web views) it clears the storage and tells the app: iOS
 *   `webkit.messageHandlers.logout.postMessage('logout')`, Android `AndroidBridge.logout()` (lib/links.ts
 *   callNative). Decision: the device id (it owns this device's anonymous orders) and the language stay;
 * - on the web it returns to the stored 'back' address (kept by / from its `back` parameter,
 *   app/pages/HomeRedirect.tsx) through the redirect-back: a loader, a probe of the shop's logo with
 *   `?t=<timestamp>`, on success the address, on failure another probe 1500 ms later (until it answers);
 *   without a 'back' address the loader is not shown and the customer stays in the shop.
 * Decision: the probe is the shop's logo (store.logo under URL_IMAGES); a shop without a logo probes
 * /config.json at the site root. Any answer counts (the probe asks whether the network is there,
 * `no-cors`), so a missing logo never keeps the customer waiting.
 */
export const REDIRECT_RETRY_MS = 1500;
export const KEEP_ON_CLEAR = ['device_id', 'lang'];

export function clearStorage(keep: string[] = KEEP_ON_CLEAR): void {
  try {
    const kept = keep.map((k) => [k, localStorage.getItem(k)] as const);
    localStorage.clear();
    for (const [k, v] of kept) if (v !== null) localStorage.setItem(k, v);
  } catch {
    /* storage disabled */
  }
  try {
    sessionStorage.clear();
  } catch {
    /* storage disabled */
  }
}

/** The probe's address: the logo (or /config.json) with `t=<timestamp>` so no cache answers it. */
export function probeUrl(logo: string | undefined, now: number, origin: string = location.origin): string {
  const base = logo || `${origin}/config.json`;
  return `${base}${base.includes('?') ? '&' : '?'}t=${now}`;
}

const LOADER_ID = 'redirect-loader';

/** The effects, replaceable by tests. */
export const io = {
  now: () => Date.now(),
  probe: (url: string): Promise<boolean> =>
    fetch(url, { mode: 'no-cors', cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  leave: (url: string) => location.assign(url),
  /** A full-window loader over the page (the shell has no such state; it leaves with the page). */
  showLoader: () => {
    if (document.getElementById(LOADER_ID)) return;
    const el = document.createElement('div');
    el.id = LOADER_ID;
    el.className = 'loader';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-label', t('share.returning'));
    el.style.cssText = 'position:fixed;inset:0;z-index:1000;min-height:0;background:var(--color-background_main)';
    el.innerHTML = '<span class="loader__spinner"></span>';
    document.body.appendChild(el);
  },
  hideLoader: () => (typeof document === 'undefined' ? undefined : document.getElementById?.(LOADER_ID)?.remove()),
};

/** Redirect-back: the loader, then a probe every 1.5 s until one answers, then the back address. */
export function* redirectBack(back: string) {
  yield call(io.showLoader);
  const logo: string | undefined = yield select((s: { shop?: { store?: { logo?: string | null } | null } }) => imgUrl(s.shop?.store?.logo));
  for (;;) {
    const ok: boolean = yield call(io.probe, probeUrl(logo, io.now()));
    if (ok) {
      yield call(io.leave, back);
      return;
    }
    yield delay(REDIRECT_RETRY_MS);
  }
}

/** After the session is dropped: the apps are told, the web returns to 'back' if the shop was entered with one. */
export function* afterSignOut(platform: Platform = currentPlatform) {
  if (platform !== 'browser') {
    yield call(clearStorage);
    yield call(callNative, 'logout', undefined, platform);
    return;
  }
  const back = readString('back');
  if (back) yield call(redirectBack, back);
  else yield call(io.hideLoader);
}
