import type { PayloadAction } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel } from 'redux-saga';
import { all, call, fork, getContext, put, select, take, takeLatest } from 'redux-saga/effects';
import { ApiError, type ApiClient } from '../../../dataProvider/apiClient';
import { imgUrl } from '../../lib/config';
import type { Category } from '../../lib/categories';
import { appStarted } from '../../lib/events';
import { callWithRetry, listErrorOf, listTiming, type RetryTiming } from '../../lib/pagedList';
import { readString } from '../../lib/storage';
import { applyCustomCss, applyFavicon } from '../../lib/theme';
import type { StoreSettings } from '../../lib/types';
import { partialOf, takeInlineShop, type InlineShop } from './inlineShop';
import {
  categoriesFailed,
  categoriesLoaded,
  categoriesRequested,
  ownerChecked,
  sessionChanged,
  shopFailed,
  shopLoaded,
  shopRequested,
  subscriptionFailed,
  subscriptionSubmitted,
  subscriptionSucceeded,
  type ShopState,
  type SubscriptionState,
} from './shopSlice';

/**
 * Loads the store settings and the categories together; the retry button of the panel asks again.
 * The first load takes the answers the server inlined into index.html when they are there (no request).
 */
function* loadShop() {
  const timing: RetryTiming = yield* listTiming();
  try {
    const inline: InlineShop | null = yield call(takeInlineShop);
    const [stores, cats]: [{ stores?: StoreSettings[] }, { offers_category?: Category[] }] = inline
      ? [{ stores: inline.stores }, { offers_category: inline.offers_category }]
      : yield all([call(callWithRetry, 'stores', {}, timing), call(callWithRetry, 'offers_category', {}, timing)]);
    const store = Array.isArray(stores.stores) ? (stores.stores[0] ?? null) : null;
    const categories = Array.isArray(cats.offers_category) ? cats.offers_category : [];
    if (store) {
      if (typeof document !== 'undefined' && !document.getElementById('shop-theme')) {
        const theme: typeof import('../../lib/themeColours') = yield call(() => import('../../lib/themeColours'));
        yield call(theme.applyTheme, store.colors);
      }
      yield call(applyFavicon, imgUrl(store.favicon) ?? imgUrl(store.logo));
      yield call(applyCustomCss, store.custom_css);
    }
    const partial = partialOf(inline);
    yield put(shopLoaded({ store, categories, partial }));
    if (partial) yield put(categoriesRequested());
  } catch (e) {
    console.warn('store load failed', e);
    yield put(shopFailed(listErrorOf(e)));
  }
}

/**
 * The whole category list, once the app is on (hydrated, or drawn by itself over a server page) after a
 * partial first list (a server-rendered page's first screen, server/features/seo/ssr.ts): the server keeps
 * the answer and sends it compressed. A network failure is retried like a list's; a final failure leaves
 * the partial list (the pages at its paths work) and lets a page whose path was pending show the
 * no-connection panel, whose retry asks again (components/PathPending): the app never waits for it forever.
 */
function* loadWholeCategories() {
  const timing: RetryTiming = yield* listTiming();
  const partial: ShopState['categoriesPartial'] = yield select((s: { shop: ShopState }) => s.shop.categoriesPartial);
  if (!partial) return;
  try {
    const res: { offers_category?: Category[] } = yield call(callWithRetry, 'offers_category', {}, timing);
    if (!Array.isArray(res?.offers_category)) throw new ApiError(500, 'server_error', 'offers_category is not array!');
    yield put(categoriesLoaded(res.offers_category));
  } catch (e) {
    console.warn('categories load failed', e);
    yield put(categoriesFailed(listErrorOf(e)));
  }
}

function* requestShop() {
  yield put(shopRequested());
}

/**
 * Whether the signed-in user is the store's owner: api=token_check with the stored session (the seed's
 * keys user_id, token_seq, token, which the admin of the same origin uses too). No session, a failed
 * check or no answer: not the owner.
 */
function* checkOwner() {
  const signedIn = !!(readString('user_id') && readString('token_seq') && readString('token'));
  if (!signedIn) {
    yield put(ownerChecked(false));
    return;
  }
  const client: Pick<ApiClient, 'call'> = yield getContext('api');
  try {
    const res: { token?: string; is_owner?: string } = yield call([client, client.call], 'token_check', {});
    yield put(ownerChecked(res?.token === 'ok' && res.is_owner === '1'));
  } catch {
    yield put(ownerChecked(false));
  }
}

/** A sign-in or sign-out in another tab of this origin (the admin) changes the stored session. */
function sessionChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === 'token' || e.key === 'user_id' || e.key === 'token_seq') emit(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  });
}

function* watchSession() {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  const chan: EventChannel<true> = yield call(sessionChannel);
  for (;;) {
    yield take(chan);
    yield put(sessionChanged());
  }
}

/** A plausible email address (the server checks it again). */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The footer's news subscription: both fields must be filled, the email valid; POST /rest/subscriptions. */
function* subscribe(action: PayloadAction<{ name: string; email: string }>) {
  const name = action.payload.name.trim();
  const email = action.payload.email.trim();
  const errors: SubscriptionState['errors'] = {};
  if (!name) errors.name = 'required';
  if (!email) errors.email = 'required';
  else if (!EMAIL_RE.test(email)) errors.email = 'email';
  if (Object.keys(errors).length) {
    yield put(subscriptionFailed({ errors }));
    return;
  }
  try {
    // The REST call's code loads with the first subscription, not with the shop.
    const api: typeof import('./shopApi') = yield call(() => import('./shopApi'));
    yield call(api.postSubscription, name, email);
    yield put(subscriptionSucceeded());
  } catch (e) {
    if (e instanceof ApiError && e.status === 400) {
      const fields = (e.fields as { field?: string; code?: string }[]).filter((f) => f?.field === 'name' || f?.field === 'email');
      for (const f of fields) errors[f.field as 'name' | 'email'] = f.code === 'required' ? 'required' : 'email';
      if (!fields.length) errors.email = 'email';
      yield put(subscriptionFailed({ errors }));
    } else yield put(subscriptionFailed({ error: listErrorOf(e) }));
  }
}

export default function* shopSaga() {
  yield all([
    takeLatest(appStarted.type, requestShop),
    takeLatest(shopRequested.type, loadShop),
    takeLatest(categoriesRequested.type, loadWholeCategories),
    takeLatest([appStarted.type, sessionChanged.type], checkOwner),
    takeLatest(subscriptionSubmitted.type, subscribe),
    fork(watchSession),
  ]);
}
