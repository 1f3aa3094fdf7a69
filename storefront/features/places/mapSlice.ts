import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readJson, writeJson } from '../../lib/storage';
import { deliveryTimerExpired, deliveryTimerSet, storedTimerUntil, type DeliveryTimerState } from './deliveryTimer';

/**
 * The delivery point the customer chose on /map ('Я здесь'): the address line with the house number and
 * the coordinates sent to api=orders as `client_coords`. Kept in localStorage so a reload keeps it.
 */
export interface DeliveryPoint {
  address: string;
  /** [lat, lon] */
  coords: [number, number];
  /** The house number of the geocoded address ('' or absent when the geocoder gave none). */
  house?: string;
}

export const DELIVERY_POINT_KEY = 'deliveryPoint';

const isPoint = (p: unknown): p is DeliveryPoint =>
  !!p && typeof (p as DeliveryPoint).address === 'string' && Array.isArray((p as DeliveryPoint).coords) && (p as DeliveryPoint).coords.length === 2 && (p as DeliveryPoint).coords.every((n) => Number.isFinite(n));

/** What every page may need of the map feature: the chosen point and the shell's delivery countdown (the /map page's own state: mapPageSlice.ts). */
export interface MapState {
  point: DeliveryPoint | null;
  timer: DeliveryTimerState;
}

const mapSlice = createSlice({
  name: 'map',
  initialState: (): MapState => {
    const stored = readJson<unknown>(DELIVERY_POINT_KEY, null);
    return { point: isPoint(stored) ? stored : null, timer: { until: storedTimerUntil() } };
  },
  reducers: {
    deliveryPointChosen(state, action: PayloadAction<DeliveryPoint>) {
      state.point = action.payload;
      writeJson(DELIVERY_POINT_KEY, action.payload);
    },
    deliveryPointCleared(state) {
      state.point = null;
      writeJson(DELIVERY_POINT_KEY, null);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(deliveryTimerSet, (state, action) => {
      state.timer.until = action.payload;
    });
    builder.addCase(deliveryTimerExpired, (state) => {
      state.timer.until = null;
    });
  },
});

export const { deliveryPointChosen, deliveryPointCleared } = mapSlice.actions;
export const selectDeliveryPoint = (s: { map: MapState }) => s.map.point;
export default mapSlice.reducer;
