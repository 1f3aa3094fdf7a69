import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { ApiClient } from '../../dataProvider/apiClient';
import type { RetryTiming } from '../lib/pagedList';
import account from '../features/account/accountSlice';
import cart from '../features/cart/cartSlice';
import catalogue from '../features/catalogue/catalogueSlice';
import filters from '../features/catalogue/filtersSlice';
import favourites from '../features/favourites/favouritesSlice';
import info from '../features/info/infoSlice';
import item from '../features/item/itemSlice';
import map from '../features/map/mapSlice';
import payment from '../features/payment/paymentSlice';
import order from '../features/order/orderSlice';
import search from '../features/search/searchSlice';
import shell from '../features/shell/shellSlice';
import shop from '../features/shop/shopSlice';
import rootSaga from './rootSaga';

export const reducer = { shell, shop, catalogue, filters, item, cart, search, favourites, info, map, order, payment, account };

/** What the sagas get from outside (saga context): the api client; tests give a fake one and short retries. */
export interface AppDeps {
  api: Pick<ApiClient, 'call'>;
  listRetry?: RetryTiming;
}

export function createAppStore(deps: AppDeps) {
  const sagaMiddleware = createSagaMiddleware({ context: { api: deps.api, listRetry: deps.listRetry } });
  const store = configureStore({
    reducer,
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false, immutableCheck: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
