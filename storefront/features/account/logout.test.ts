import { runSaga } from 'redux-saga';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../test/memoryStorage';
import { afterSignOut, io, probeUrl, REDIRECT_RETRY_MS } from './logout';

/** Sign-out's second half per platform, with the effects (probe, leave, loader) replaced. */
function run(platform: 'ios' | 'android' | 'browser', state: unknown = { shop: { store: { logo: null } } }) {
  const task = runSaga({ dispatch: () => {}, getState: () => state, onError: () => {} }, afterSignOut, platform);
  return task.toPromise();
}

describe('sign-out per platform', () => {
  let ls: Storage;
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    ls = memoryStorage({ user_id: '5', token: 'x', Cart: '{"1001":1}', device_id: 'web-abc', lang: 'en', back: 'https://partner.example/shop' });
    vi.stubGlobal('localStorage', ls);
    vi.stubGlobal('sessionStorage', memoryStorage({ 'scroll:1': '{}' }));
    vi.stubGlobal('location', { origin: 'http://shop.test' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('Android: clears the storage (the device id and language stay) and calls AndroidBridge.logout()', async () => {
    const logout = vi.fn();
    vi.stubGlobal('window', { AndroidBridge: { logout } });
    await run('android');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(ls.getItem('Cart')).toBeNull();
    expect(ls.getItem('back')).toBeNull();
    expect(ls.getItem('device_id')).toBe('web-abc');
    expect(ls.getItem('lang')).toBe('en');
    expect(sessionStorage.length).toBe(0);
  });

  it('iOS: clears the storage and posts to webkit.messageHandlers.logout', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('window', { webkit: { messageHandlers: { logout: { postMessage } } } });
    await run('ios');
    expect(postMessage).toHaveBeenCalledWith('logout');
    expect(ls.getItem('user_id')).toBeNull();
  });

  it('web: the loader, a probe of the logo with ?t=<timestamp>, another 1500 ms after a failure, then the back address', async () => {
    const probes: { url: string; at: number }[] = [];
    const t0 = Date.now();
    const answers = [false, false, true];
    vi.spyOn(io, 'probe').mockImplementation(async (url) => (probes.push({ url, at: Date.now() - t0 }), answers.shift()!));
    const leave = vi.spyOn(io, 'leave').mockImplementation(() => {});
    const show = vi.spyOn(io, 'showLoader').mockImplementation(() => {});
    const done = run('browser', { shop: { store: { logo: '1/logo.png' } } });
    await vi.advanceTimersByTimeAsync(REDIRECT_RETRY_MS - 1);
    expect(probes).toHaveLength(1);
    expect(leave).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REDIRECT_RETRY_MS * 2);
    await done;
    expect(show).toHaveBeenCalledTimes(1);
    expect(probes.map((p) => p.at)).toEqual([0, REDIRECT_RETRY_MS, 2 * REDIRECT_RETRY_MS]);
    expect(probes[0].url).toMatch(/\/1\/logo\.png\?t=1700000000000$/);
    expect(probes[1].url).toMatch(/\?t=1700000001500$/);
    expect(leave).toHaveBeenCalledWith('https://partner.example/shop');
  });

  it('web without a back address: no loader, no probe, the customer stays', async () => {
    ls.removeItem('back');
    const probe = vi.spyOn(io, 'probe');
    const show = vi.spyOn(io, 'showLoader');
    const leave = vi.spyOn(io, 'leave');
    vi.spyOn(io, 'hideLoader').mockImplementation(() => {});
    await run('browser');
    expect([probe, show, leave].map((f) => f.mock.calls.length)).toEqual([0, 0, 0]);
  });

  it('a shop without a logo probes /config.json at the site root', () => {
    expect(probeUrl(undefined, 42, 'http://shop.test')).toBe('http://shop.test/config.json?t=42');
    expect(probeUrl('http://img.test/1/logo.png?v=2', 42)).toBe('http://img.test/1/logo.png?v=2&t=42');
  });
});
