import { all, spawn } from 'redux-saga/effects';
import accountSaga from '../features/account/accountSaga';
import cartSaga from '../features/cart/cartSaga';
import catalogueSaga from '../features/catalogue/catalogueSaga';
import filtersSaga from '../features/catalogue/filtersSaga';
import favouritesSaga from '../features/favourites/favouritesSaga';
import { deliveryTimerSaga } from '../features/places/deliveryTimer';
import orderStartSaga from '../features/checkout/orderStart';
import promoSaga from '../features/promo/promoSaga';
import searchSaga from '../features/search/searchSaga';
import shellSaga from '../features/shell/shellSaga';
import shopSaga from '../features/stores/shopSaga';

/** Every first-screen feature's saga, spawned: one failing saga does not stop the others (the lazy ones: app/features.ts). */
export const featureSagas = [shellSaga, shopSaga, catalogueSaga, filtersSaga, cartSaga, promoSaga, searchSaga, favouritesSaga, deliveryTimerSaga, orderStartSaga, accountSaga];

export default function* rootSaga() {
  yield all(featureSagas.map((saga) => spawn(saga)));
}
