import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { ApiClient } from '../../dataProvider/apiClient';
import type { RetryTiming } from '../lib/pagedList';
import account from '../features/account/accountSlice';
import cart from '../features/cart/cartSlice';
import catalogue from '../features/catalogue/catalogueSlice';
import filters from '../features/catalogue/filtersSlice';
import favourites from '../features/favourites/favouritesSlice';
import map from '../features/places/mapSlice';
import promo from '../features/promo/promoSlice';
import search from '../features/search/searchSlice';
import shell from '../features/shell/shellSlice';
import shop from '../features/stores/shopSlice';
import type { InfoState } from '../features/info/infoSlice';
import type { ItemState } from '../features/item/itemSlice';
import type { MapPageState } from '../features/places/mapPageSlice';
import type { OrderState } from '../features/checkout/orderSlice';
import type { PaymentState } from '../features/payments/paymentSlice';
import { hostFeatures, type LazyFeature } from './features';
import rootSaga from './rootSaga';

/** The state the first screen needs; the lazy features (app/features.ts) add theirs when their page loads. */
export const reducer = { shell, shop, catalogue, filters, cart, promo, search, favourites, map, account };

/** The lazy features' state, present once their page has loaded (only their own pages read it). */
interface LazyState {
  item: ItemState;
  info: InfoState;
  mapPage: MapPageState;
  order: OrderState;
  payment: PaymentState;
}

/** What the sagas get from outside (saga context): the api client; tests give a fake one and short retries. */
export interface AppDeps {
  api: Pick<ApiClient, 'call'>;
  listRetry?: RetryTiming;
}

/**
 * `sagas: 'later'` leaves the sagas to `startSagas()` (a hydrating page starts them in a task of their own,
 * before its first render's effects dispatch anything); by default they run at once.
 */
export function createAppStore(deps: AppDeps, preloadedState?: Partial<RootState>, { sagas = 'now' }: { sagas?: 'now' | 'later' } = {}) {
  const sagaMiddleware = createSagaMiddleware({ context: { api: deps.api, listRetry: deps.listRetry } });
  // One combined reducer per store: the lazy features' slices are injected into it (RTK combineSlices).
  const rootReducer = combineSlices(reducer);
  // The features loaded before the store exists join its reducer first, so a server-rendered page's state
  // (preloadedState, the item of an item page) keeps their part.
  let started = false;
  const early: LazyFeature[] = [];
  const unhost = hostFeatures((feature) => {
    rootReducer.inject(feature.slice);
    if (!started) return void early.push(feature);
    // Replacing the reducer with itself dispatches the replace action, which gives the injected slice its
    // initial state at once: its page reads it on the first render.
    store.replaceReducer(rootReducer);
    if (feature.saga) sagaMiddleware.run(feature.saga);
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as never,
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false, immutableCheck: false }).concat(sagaMiddleware),
  });
  const startSagas = () => {
    started = true;
    sagaMiddleware.run(rootSaga);
    for (const feature of early) if (feature.saga) sagaMiddleware.run(feature.saga);
  };
  if (sagas === 'now') startSagas();
  return Object.assign(store as Omit<typeof store, 'getState'> & { getState(): RootState }, {
    startSagas,
    /** Runs one saga with the store's context (the server renders a page once its first data is in). */
    runSaga: sagaMiddleware.run,
    /** Stops taking in lazy features (a server render's store is thrown away after the page). */
    dispose: unhost,
  });
}

export type RootState = { [K in keyof typeof reducer]: ReturnType<(typeof reducer)[K]> } & LazyState;
export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
