import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, fork, getContext, put, take } from 'redux-saga/effects';
import { ApiError, NetworkError, type ApiClient } from '../../../dataProvider/apiClient';
import { deviceId } from '../../lib/device';
import { toastShown } from '../../lib/events';
import { clearAuth } from './session';
import { signedOut } from './accountSlice';
import pushTokenSaga, { pushPermissionSaga } from './pushToken';

/**
 * In-app notifications (api=inner_push), polled every second while the page is visible, for the signed-in
 * customer (the auth form the api client adds) and for this device's anonymous orders (device_id). The first
 * call has no seq and only learns the newest one (no backlog of old toasts); each later notification is a
 * toast. A network error waits 1.5 s; a token error signs the customer out and the poll goes on for the
 * device alone; another error answer waits 5 s.
 */
export const POLL_MS = 1000;
export const NETWORK_RETRY_MS = 1500;
export const ERROR_RETRY_MS = 5000;

export interface InnerPush {
  seq: number | string;
  header: string;
  desc: string;
  img?: string;
  from_id?: string;
}

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Emits once the page becomes visible again. */
function visibleChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const on = () => {
      if (visible()) emit(true);
    };
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  });
}

export const toastText = (n: InnerPush) => [n.header, n.desc].map((s) => (s ?? '').trim()).filter(Boolean).join('. ');

function* poll() {
  const client: ApiClient = yield getContext('api');
  let seq: string | null = null;
  for (;;) {
    if (!visible()) {
      const chan: EventChannel<true> = yield call(visibleChannel);
      try {
        if (!visible()) yield take(chan);
      } finally {
        chan.close();
      }
    }
    let wait = POLL_MS;
    try {
      const res: { seq?: string | number; inner_push?: InnerPush[] } = yield call([client, client.call], 'inner_push', { device_id: deviceId(), ...(seq === null ? {} : { seq }) });
      if (seq !== null && Array.isArray(res.inner_push)) {
        for (const n of res.inner_push) yield put(toastShown(toastText(n)));
      }
      if (res.seq !== undefined && res.seq !== null && /^\d+$/.test(String(res.seq))) seq = String(res.seq);
    } catch (e) {
      if (e instanceof NetworkError) wait = NETWORK_RETRY_MS;
      else if (e instanceof ApiError && e.isTokenError) {
        // The session is gone (the api client dropped it): go on for the device's orders.
        yield call(clearAuth);
        yield put(signedOut());
      } else wait = ERROR_RETRY_MS;
    }
    yield delay(wait);
  }
}

/** From app start (accountSaga loads this module then): the Android push prompt, the push token, the poll for good. */
export function* startNotifications() {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  yield fork(pushPermissionSaga);
  yield fork(pushTokenSaga);
  yield call(poll);
}
