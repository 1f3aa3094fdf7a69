import { runSaga } from 'redux-saga';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_PERMISSION_RETRY_MS, pushPermissionSaga } from './pushToken';

/** The Android app's push permission prompt: at start, and again 10 s later unless granted. */
function start(platform: 'android' | 'ios' | 'browser') {
  return runSaga({ dispatch: () => {}, getState: () => ({}), onError: () => {} }, pushPermissionSaga, platform).toPromise();
}

describe('Android push permission prompt', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks at start and once more 10 s later when not granted', async () => {
    const requestPushPermission = vi.fn();
    vi.stubGlobal('window', { AndroidBridge: { requestPushPermission, hasPushPermission: () => false } });
    const done = start('android');
    expect(requestPushPermission).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PUSH_PERMISSION_RETRY_MS - 1);
    expect(requestPushPermission).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(requestPushPermission).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requestPushPermission).toHaveBeenCalledTimes(2);
  });

  it('granted within the 10 s (the check, or a push token arrived): no second prompt', async () => {
    let granted = false;
    const requestPushPermission = vi.fn();
    vi.stubGlobal('window', { AndroidBridge: { requestPushPermission, hasPushPermission: () => granted } });
    const done = start('android');
    granted = true;
    await vi.advanceTimersByTimeAsync(PUSH_PERMISSION_RETRY_MS);
    await done;
    expect(requestPushPermission).toHaveBeenCalledTimes(1);

    const again = vi.fn();
    const bridge: Record<string, unknown> = { requestPushPermission: again };
    vi.stubGlobal('window', { AndroidBridge: bridge });
    const second = start('android');
    bridge.getPushToken = () => 'fcm-token';
    await vi.advanceTimersByTimeAsync(PUSH_PERMISSION_RETRY_MS);
    await second;
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('no prompt in a browser, on iOS, or when granted already', async () => {
    const requestPushPermission = vi.fn();
    vi.stubGlobal('window', { AndroidBridge: { requestPushPermission, hasPushPermission: () => false }, webkit: { messageHandlers: { requestPushPermission: { postMessage: requestPushPermission } } } });
    await Promise.all([start('browser'), start('ios')]);
    vi.stubGlobal('window', { AndroidBridge: { requestPushPermission, hasPushPermission: () => true } });
    await start('android');
    await vi.advanceTimersByTimeAsync(PUSH_PERMISSION_RETRY_MS);
    expect(requestPushPermission).not.toHaveBeenCalled();
  });
});
