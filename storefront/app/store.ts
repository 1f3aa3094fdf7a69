import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { ApiClient } from '../../dataProvider/apiClient';
import type { RetryTiming } from '../lib/pagedList';
import account from '../features/account/accountSlice';
import cart from '../features/cart/cartSlice';
import catalogue from '../features/catalogue/catalogueSlice';
import filters from '../features/catalogue/filtersSlice';
import favourites from '../features/favourites/favouritesSlice';
import map from '../features/map/mapSlice';
import search from '../features/search/searchSlice';
import shell from '../features/shell/shellSlice';
import shop from '../features/shop/shopSlice';
import type { InfoState } from '../features/info/infoSlice';
import type { ItemState } from '../features/item/itemSlice';
import type { MapPageState } from '../features/map/mapPageSlice';
import type { OrderState } from '../features/order/orderSlice';
import type { PaymentState } from '../features/payment/paymentSlice';
import { hostFeatures } from './features';
import rootSaga from './rootSaga';

/** The state the first screen needs; the lazy features (app/features.ts) add theirs when their page loads. */
export const reducer = { shell, shop, catalogue, filters, cart, search, favourites, map, account };

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

export function createAppStore(deps: AppDeps) {
  const sagaMiddleware = createSagaMiddleware({ context: { api: deps.api, listRetry: deps.listRetry } });
  // One combined reducer per store: the lazy features' slices are injected into it (RTK combineSlices).
  const rootReducer = combineSlices(reducer);
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false, immutableCheck: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  hostFeatures(({ slice, saga }) => {
    rootReducer.inject(slice);
    // Replacing the reducer with itself dispatches the replace action, which gives the injected slice its
    // initial state at once: its page reads it on the first render.
    store.replaceReducer(rootReducer);
    if (saga) sagaMiddleware.run(saga);
  });
  return store as Omit<typeof store, 'getState'> & { getState(): RootState };
}

export type RootState = { [K in keyof typeof reducer]: ReturnType<(typeof reducer)[K]> } & LazyState;
export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
