import { eventChannel, type EventChannel } from 'redux-saga';
import { all, delay, fork, put, take, takeEvery } from 'redux-saga/effects';
import { networkRestored, toastShown } from '../../lib/events';
import { browserWentOffline, browserWentOnline, toastExpired } from './shellSlice';

export const TOAST_MS = 3000;

function* expireToast(action: ReturnType<typeof toastShown>) {
  yield delay(TOAST_MS);
  yield put(toastExpired(action.payload.id));
}

function onlineChannel(): EventChannel<boolean> {
  return eventChannel((emit) => {
    const on = () => emit(true);
    const off = () => emit(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  });
}

function* watchOnline() {
  if (typeof window === 'undefined') return;
  const chan: EventChannel<boolean> = yield onlineChannel();
  for (;;) {
    const online: boolean = yield take(chan);
    if (online) {
      yield put(browserWentOnline());
      yield put(networkRestored());
    } else yield put(browserWentOffline());
  }
}

export default function* shellSaga() {
  yield all([takeEvery(toastShown.type, expireToast), fork(watchOnline)]);
}
