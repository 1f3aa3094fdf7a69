import { createAction, type PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { readJson, writeJson } from '../../lib/storage';
import type { StoreSettings } from '../../lib/types';

/**
 * The seed's delivery timer: after a delivery order the shell counts down 'Ваш заказ будет доставлен менее
 * чем hh:mm:ss' to a stored date and resets on expiry. The date is the order's date plus the shop's delivery
 * time (store setting delivery_duration, minutes; 30 when the shop has none). Shown only when the shop turns
 * the timer on (controls.timer = '1'). Kept in localStorage 'deliveryTimer' so a reload keeps it.
 *
 * The order page starts it after a successful delivery order:
 *   dispatch(deliveryTimerStarted({ orderedAt: order.datetime ?? Date.now() }))
 */
export const DELIVERY_TIMER_KEY = 'deliveryTimer';
export const DEFAULT_DELIVERY_MINUTES = 30;
/** A longer delivery time than this is not a countdown any more (a typo in the settings). */
const MAX_MINUTES = 7 * 24 * 60;

/** orderedAt: the order's date (ISO text or epoch ms); minutes: overrides the shop's delivery time. */
export const deliveryTimerStarted = createAction<{ orderedAt: string | number | Date; minutes?: number }>('map/deliveryTimerStarted');
/** The countdown's end (epoch ms), or null: no timer. */
export const deliveryTimerSet = createAction<number | null>('map/deliveryTimerSet');
/** The countdown reached zero: the timer resets (hides and is forgotten). */
export const deliveryTimerExpired = createAction('map/deliveryTimerExpired');

export interface DeliveryTimerState {
  /** Epoch ms the countdown ends at; null when no timer runs. */
  until: number | null;
}

/** The shop's delivery time in minutes: delivery_duration when it is a positive number, else 30. */
export function deliveryMinutes(store: StoreSettings | null | undefined, override?: number): number {
  const pick = (v: unknown) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_MINUTES) : null;
  };
  return pick(override) ?? pick(store?.delivery_duration) ?? DEFAULT_DELIVERY_MINUTES;
}

/** The countdown's end for an order date: null when the date is not one. */
export function timerUntil(orderedAt: string | number | Date, minutes: number): number | null {
  const at = orderedAt instanceof Date ? orderedAt.getTime() : typeof orderedAt === 'number' ? orderedAt : Date.parse(orderedAt);
  return Number.isFinite(at) ? at + minutes * 60_000 : null;
}

/** The stored countdown end, when it is still ahead. */
export function storedTimerUntil(now = Date.now()): number | null {
  const v = readJson<unknown>(DELIVERY_TIMER_KEY, null);
  const until = v && typeof v === 'object' ? Number((v as { until?: unknown }).until) : NaN;
  return Number.isFinite(until) && until > now ? until : null;
}

/** 'hh:mm:ss' of a duration (never negative; hours may pass 24). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

export const selectDeliveryTimerUntil = (s: { map: { timer: DeliveryTimerState } }) => s.map.timer.until;

const selectStoreSettings = (s: { shop?: { store?: StoreSettings | null } }) => s.shop?.store ?? null;

function* onStarted(action: PayloadAction<{ orderedAt: string | number | Date; minutes?: number }>) {
  const store: StoreSettings | null = yield select(selectStoreSettings);
  const until = timerUntil(action.payload.orderedAt, deliveryMinutes(store, action.payload.minutes));
  if (until === null || until <= Date.now()) return;
  yield put(deliveryTimerSet(until));
  yield call(writeJson, DELIVERY_TIMER_KEY, { until });
}

function* onExpired() {
  yield call(writeJson, DELIVERY_TIMER_KEY, null);
}

export function* deliveryTimerSaga() {
  yield takeEvery(deliveryTimerStarted.type, onStarted);
  yield takeEvery(deliveryTimerExpired.type, onExpired);
}
