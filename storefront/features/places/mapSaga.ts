import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, delay, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { ApiClient } from '../../../dataProvider/apiClient';
import type { StoreSettings } from '../../lib/types';
import { fetchPlaces } from '../../lib/restBase';
import { CITY_CENTRE, coordsText, entriesOf, placePoint, reverseParams, searchParams, SUGGEST_DELAY_MS, type GeocodeEntry, type LatLon, type MapPlace } from './mapApi';
import { deliveryPointChosen, deliveryPointCleared, selectDeliveryPoint, type DeliveryPoint } from './mapSlice';
import {
  mapAddressFailed,
  mapAddressResolved,
  mapStarted,
  mapSearchTyped,
  mapSuggestionsFailed,
  mapSuggestionsLoaded,
  mapCentreSettled,
  mapLeft,
  mapOpened,
  mapPointConfirmed,
  mapSuggestionChosen,
  mapZoneChecked,
  selectMapPage,
  type MapPageState,
} from './mapPageSlice';

/** The map waits this long after it stops before asking (a quick second move asks once). */
export const SETTLE_DELAY_MS = 250;

const selectStoreSettings = (s: { shop?: { store?: StoreSettings | null } }) => s.shop?.store ?? null;
/** The seed checks the point against the zone for delivery shops only. */
const deliversTo = (store: StoreSettings | null) => store?.controls?.is_delivery !== '0';

function* apiCall(name: string, params: Record<string, string>): Generator<unknown, unknown, any> {
  const client: ApiClient = yield getContext('api');
  return yield call([client, client.call], name, params);
}

/** Where the map starts: the chosen point, else the first place's point, else the city centre. */
function* onOpened() {
  const point: DeliveryPoint | null = yield select(selectDeliveryPoint);
  let places: MapPlace[] = [];
  try {
    places = yield call(fetchPlaces<MapPlace>);
  } catch (e) {
    console.error('map: places', e);
  }
  const start: LatLon = point ? [point.coords[0], point.coords[1]] : (places.map(placePoint).find((p) => p !== null) ?? CITY_CENTRE);
  yield put(mapStarted({ start, places }));
}

/** The map settled: the address at its centre (api=geocode ll) and whether it is in a delivery zone (api=geo_check). */
function* onCentreSettled(action: PayloadAction<LatLon>) {
  const map: MapPageState = yield select(selectMapPage);
  if (!map.resolving) return; // the same centre as before: already known
  yield delay(SETTLE_DELAY_MS);
  const centre = action.payload;
  const store: StoreSettings | null = yield select(selectStoreSettings);
  yield all([
    call(function* () {
      try {
        const res: unknown = yield call(apiCall, 'geocode', reverseParams(centre) as Record<string, string>);
        const entry = entriesOf(res)[0];
        yield put(mapAddressResolved({ centre, address: entry?.address ?? '', house: entry?.house ?? '' }));
      } catch (e) {
        console.error('map: reverse geocoding', e);
        yield put(mapAddressFailed(centre));
      }
    }),
    call(function* () {
      if (!deliversTo(store)) return;
      try {
        const res: { geo?: unknown } = yield call(apiCall, 'geo_check', reverseParams(centre) as Record<string, string>);
        yield put(mapZoneChecked({ centre, geo: res?.geo === '0' ? '0' : res?.geo === '1' ? '1' : null }));
      } catch (e) {
        console.error('map: zone check', e);
      }
    }),
  ]);
}

/** Suggestions 1 s after the last keystroke, for text that is not the address already shown. */
function* onTyped(action: PayloadAction<string>) {
  const text = action.payload;
  if (!text.trim()) return;
  yield delay(SUGGEST_DELAY_MS);
  const map: MapPageState = yield select(selectMapPage);
  if (text.trim() === map.resolved?.address) {
    yield put(mapSuggestionsFailed());
    return;
  }
  try {
    const res: unknown = yield call(apiCall, 'geocode', searchParams(text.trim()) as Record<string, string>);
    const suggestions: GeocodeEntry[] = entriesOf(res);
    yield put(mapSuggestionsLoaded({ text, suggestions }));
  } catch (e) {
    console.error('map: suggestions', e);
    yield put(mapSuggestionsFailed());
  }
}

/** 'Я здесь': the centre and its address become the delivery point. */
function* onConfirmed() {
  const map: MapPageState = yield select(selectMapPage);
  const coords = map.centre ?? map.start;
  if (!coords) return;
  const resolved = map.resolved && map.resolved.centre[0] === coords[0] && map.resolved.centre[1] === coords[1] ? map.resolved : null;
  const address = resolved?.address || map.search.text.trim() || coordsText(coords);
  const point: DeliveryPoint = { address, coords: [coords[0], coords[1]], house: resolved?.house ?? '' };
  yield put(deliveryPointChosen(point));
}

/** Leaving /map without 'Я здесь' clears the coordinates and the address (the seed's rule). */
function* onLeft() {
  const map: MapPageState = yield select(selectMapPage);
  if (!map.confirmed) yield put(deliveryPointCleared());
}

/** The /map page's work (places, geocoding, zone checks), started when the page's chunk loads (feature.ts). */
export default function* mapSaga() {
  yield takeLatest(mapOpened.type, onOpened);
  yield takeLatest(mapCentreSettled.type, onCentreSettled);
  // A new keystroke cancels the pending request (takeLatest + delay is the debounce); choosing one too.
  yield takeLatest([mapSearchTyped.type, mapSuggestionChosen.type], function* (action: PayloadAction<unknown>) {
    if (action.type === mapSearchTyped.type) yield call(onTyped, action as PayloadAction<string>);
  });
  yield takeEvery(mapPointConfirmed.type, onConfirmed);
  yield takeEvery(mapLeft.type, onLeft);
}
