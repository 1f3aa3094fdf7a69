import type { PayloadAction } from '@reduxjs/toolkit';
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, spawn, take } from 'redux-saga/effects';
import type { LatLon } from './mapApi';
import { deliveryTimerSaga } from './deliveryTimer';
import { mapCentreSettled, mapLeft, mapOpened, mapPointConfirmed, mapSearchTyped, mapSuggestionChosen } from './mapSlice';
import type { MapPageChannels } from './mapSaga';

/**
 * What the map feature runs from the start: the shell's delivery countdown. The /map page's own saga
 * (geocoding, zone checks) stays out of the first bundle: it loads on the page's first event, and the
 * page's events wait in channels meanwhile (the latest move or keystroke; every confirm and leave).
 */
export default function* mapRootSaga() {
  yield spawn(deliveryTimerSaga);
  const channels: MapPageChannels = {
    opened: (yield actionChannel(mapOpened.type, buffers.sliding(1))) as Channel<PayloadAction<unknown>>,
    settled: (yield actionChannel(mapCentreSettled.type, buffers.sliding(1))) as Channel<PayloadAction<LatLon>>,
    typed: (yield actionChannel([mapSearchTyped.type, mapSuggestionChosen.type], buffers.sliding(1))) as Channel<PayloadAction<unknown>>,
    confirmed: (yield actionChannel(mapPointConfirmed.type, buffers.expanding(4))) as Channel<PayloadAction<unknown>>,
    left: (yield actionChannel(mapLeft.type, buffers.expanding(4))) as Channel<PayloadAction<unknown>>,
  };
  yield take([mapOpened.type, mapCentreSettled.type, mapSearchTyped.type, mapSuggestionChosen.type, mapPointConfirmed.type, mapLeft.type]);
  const page: typeof import('./mapSaga') = yield call(() => import('./mapSaga'));
  yield call(page.default, channels);
}
