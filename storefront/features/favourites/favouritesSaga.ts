import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import { writeJson } from '../../lib/storage';
import type { OfferCard } from '../../lib/types';
import { FAVOURITES_KEY, favouriteRemoved, favouritesReplaced, favouriteToggled, loadFavourites, selectFavourites } from './favouritesSlice';

function* persist() {
  const items: OfferCard[] = yield select(selectFavourites);
  yield call(writeJson, FAVOURITES_KEY, items);
}

function* watchOtherTabs() {
  if (typeof window === 'undefined') return;
  const chan: EventChannel<OfferCard[]> = yield call(() =>
    eventChannel<OfferCard[]>((emit) => {
      const on = (e: StorageEvent) => e.key === FAVOURITES_KEY && emit(loadFavourites());
      window.addEventListener('storage', on);
      return () => window.removeEventListener('storage', on);
    }),
  );
  for (;;) yield put(favouritesReplaced((yield take(chan)) as OfferCard[]));
}

/** Keeps localStorage 'favourites' in step, and other tabs' changes in this one. */
export default function* favouritesSaga() {
  yield takeEvery([favouriteToggled.type, favouriteRemoved.type], persist);
  yield fork(watchOtherTabs);
}
