import type { UnknownAction } from '@reduxjs/toolkit';
import { all, call, takeLatest, takeLeading } from 'redux-saga/effects';
import { appStarted } from '../../lib/events';
import { loadPageTexts } from '../../lib/i18n';
import { myOrdersRequested, orderPayRequested, orderRequested, reviewSubmitted, signInCodeRequested, signInSubmitted, signOutRequested } from './accountSlice';

/**
 * The account's watchers. The workers (accountWorkers.ts) and the notification poll load as their own
 * chunk with the first action that needs them, so the first page's JS stays within the budget
 * (storefront/bundle.test.ts); every action that needs them comes from a lazily loaded page or after start.
 */
type Workers = typeof import('./accountWorkers');
// The workers' toasts use the account's texts, which load with the later pages (lib/i18n.ts).
const loadWorkers = () => Promise.all([import('./accountWorkers'), loadPageTexts()]).then(([m]) => m);

type WorkerName = { [K in keyof Workers]: Workers[K] extends (a: never) => Generator ? K : never }[keyof Workers];

const lazy = (name: WorkerName) =>
  function* (action: UnknownAction) {
    const workers: Workers = yield call(loadWorkers);
    yield call(workers[name] as (a: UnknownAction) => Generator, action);
  };

/** The notification poll (api=inner_push) and the native push token, from app start. */
function* notifications() {
  const m: typeof import('./notificationsSaga') = yield call(() => import('./notificationsSaga'));
  yield call(m.startNotifications);
}

export default function* accountSaga() {
  yield all([
    takeLatest(signInCodeRequested.type, lazy('requestCode')),
    takeLatest(signInSubmitted.type, lazy('login')),
    takeLeading(signOutRequested.type, lazy('signOut')),
    takeLatest(myOrdersRequested.type, lazy('loadOrders')),
    takeLatest(orderRequested.type, lazy('loadOrder')),
    takeLeading(orderPayRequested.type, lazy('pay')),
    takeLeading(reviewSubmitted.type, lazy('sendReview')),
    takeLatest(appStarted.type, notifications),
  ]);
}
