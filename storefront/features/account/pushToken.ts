import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, getContext, race, take } from 'redux-saga/effects';
import { NetworkError, type ApiClient } from '../../../dataProvider/apiClient';
import { deviceId } from '../../lib/device';
import { callNative } from '../../lib/links';
import { platform as currentPlatform, type Platform } from '../../lib/platform';
import { readString, writeString } from '../../lib/storage';
import { signedIn } from './accountSlice';

/**
 * The native apps' push token (api=push). The seed leaves the bridge unshown; ours: the Android app exposes
 * `AndroidBridge.getPushToken()`, either app may set `window.nativePushToken` or dispatch a `nativepushtoken`
 * event on window with the token as `detail`. A browser has none and sends nothing. The token goes to the
 * server once per token and account (remembered in localStorage 'push_token_sent'), again after signing in.
 */
interface PushBridges {
  AndroidBridge?: { getPushToken?(): string | null | undefined; hasPushPermission?(): boolean | string };
  nativePushToken?: string;
}

const SENT_KEY = 'push_token_sent';
export const PUSH_EVENT = 'nativepushtoken';

export function nativePushToken(): string | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as PushBridges;
  try {
    const t = w.AndroidBridge?.getPushToken?.() ?? w.nativePushToken;
    return typeof t === 'string' && t.trim() ? t.trim() : null;
  } catch {
    return null;
  }
}

function tokenEvents(): EventChannel<string> {
  return eventChannel((emit) => {
    const on = (e: Event) => {
      const t = (e as CustomEvent).detail;
      if (typeof t === 'string' && t.trim()) emit(t.trim());
    };
    window.addEventListener(PUSH_EVENT, on);
    return () => window.removeEventListener(PUSH_EVENT, on);
  });
}

function* send(token: string) {
  const client: ApiClient = yield getContext('api');
  const key = `${token}|${readString('user_id') ?? ''}`;
  if (readString(SENT_KEY) === key) return;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      yield call([client, client.call], 'push', { push_token: token, device: 'mob', device_id: deviceId() });
      writeString(SENT_KEY, key);
      return;
    } catch (e) {
      if (!(e instanceof NetworkError)) return;
      yield delay(1500);
    }
  }
}

export default function* pushTokenSaga() {
  let token = nativePushToken();
  const chan: EventChannel<string> = yield call(tokenEvents);
  for (;;) {
    if (token) yield call(send, token);
    const next: { token?: string; signed?: unknown } = yield race({ token: take(chan), signed: take(signedIn.type) });
    if (next.token) token = next.token;
    else token = token ?? nativePushToken();
  }
}

/**
 * The Android app's push permission prompt (the seed: retried 10 s after start): `AndroidBridge.requestPushPermission()`
 * at start, and once more 10 s later unless granted by then (`AndroidBridge.hasPushPermission()` true, or a
 * push token known). iOS asks by itself; browsers have no prompt here.
 */
export const PUSH_PERMISSION_RETRY_MS = 10_000;

export function pushPermissionGranted(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    const has = (window as unknown as PushBridges).AndroidBridge?.hasPushPermission?.();
    if (has === true || has === 'true') return true;
  } catch {
    /* an app without the check */
  }
  return nativePushToken() !== null;
}

export function* pushPermissionSaga(platform: Platform = currentPlatform) {
  if (platform !== 'android') return;
  if (pushPermissionGranted()) return;
  const asked: boolean = yield call(callNative, 'requestPushPermission', undefined, platform);
  if (!asked) return;
  yield delay(PUSH_PERMISSION_RETRY_MS);
  if (!pushPermissionGranted()) yield call(callNative, 'requestPushPermission', undefined, platform);
}
