import { all, spawn } from 'redux-saga/effects';
import accountSaga from '../features/account/accountSaga';
import cartSaga from '../features/cart/cartSaga';
import catalogueSaga from '../features/catalogue/catalogueSaga';
import filtersSaga from '../features/catalogue/filtersSaga';
import favouritesSaga from '../features/favourites/favouritesSaga';
import infoSaga from '../features/info/infoSaga';
import itemSaga from '../features/item/itemSaga';
import mapSaga from '../features/map/mapRootSaga';
import paymentSaga from '../features/payment/paymentSaga';
import orderSaga from '../features/order/orderSaga';
import searchSaga from '../features/search/searchSaga';
import shellSaga from '../features/shell/shellSaga';
import shopSaga from '../features/shop/shopSaga';

/** Every feature's saga, spawned: one failing saga does not stop the others. */
export const featureSagas = [shellSaga, shopSaga, catalogueSaga, filtersSaga, itemSaga, cartSaga, searchSaga, favouritesSaga, infoSaga, mapSaga, orderSaga, paymentSaga, accountSaga];

export default function* rootSaga() {
  yield all(featureSagas.map((saga) => spawn(saga)));
}
