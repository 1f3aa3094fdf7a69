import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Params } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import { DELIVERY_TIMER_KEY, deliveryMinutes, deliveryTimerExpired, deliveryTimerStarted, formatCountdown, timerUntil } from './deliveryTimer';
import { CITY_CENTRE, entriesOf } from './mapApi';
import './feature';
import { mapCentreSettled, mapLeft, mapOpened, mapPointConfirmed, mapSearchTyped, mapSuggestionChosen } from './mapPageSlice';
import { DELIVERY_POINT_KEY } from './mapSlice';
import { memoryStorage } from '../../test/memoryStorage';
import type { StoreSettings } from '../../lib/types';

/** The map flow on a real store with a fake api client (api=geocode, api=geo_check) and a fake /rest/places. */

const SPB = { address: 'Каменноостровский проспект, 20, Санкт-Петербург', house: '20', lat: 59.9601, lon: 30.3089 };
const PLACES = [
  { id: 1, name: 'Петроградская', latitude: '59.9585', longitude: '30.3105', coords: [[59.94, 30.27], [59.94, 30.35], [59.98, 30.35], [59.98, 30.27]], color: '25,113,194,1' },
];

function setup(opts: { geo?: '1' | '0'; reverse?: unknown; search?: unknown; fail?: string; places?: unknown; placesFail?: boolean } = {}) {
  const calls: { api: string; params: Params }[] = [];
  const api = {
    call: vi.fn(async (name: string, params: Params = {}) => {
      calls.push({ api: name, params });
      if (opts.fail === name) throw new Error(`${name} failed`);
      if (name === 'geo_check') return { geo: opts.geo ?? '1' } as never;
      if (name === 'geocode' && params.ll) return (opts.reverse ?? { geocode: [SPB] }) as never;
      if (name === 'geocode') return (opts.search ?? { geocode: [SPB, { address: 'Тверская улица, 1, Москва', house: '1', lat: 55.757, lon: 37.615 }] }) as never;
      throw new Error(`unexpected ${name}`);
    }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (opts.placesFail) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(opts.places ?? PLACES), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const store = createAppStore({ api });
  return { store, calls, map: () => ({ ...store.getState().mapPage, point: store.getState().map.point }) };
}

describe('map saga', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', memoryStorage());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts at the chosen point, else the first place, else the city centre', async () => {
    localStorage.setItem(DELIVERY_POINT_KEY, JSON.stringify({ address: 'Большая Пушкарская улица, 10', coords: [59.9573, 30.3036] }));
    let s = setup();
    s.store.dispatch(mapOpened());
    await vi.advanceTimersByTimeAsync(0);
    expect(s.map().start).toEqual([59.9573, 30.3036]);
    expect(s.map().places).toHaveLength(1);

    localStorage.clear();
    s = setup();
    s.store.dispatch(mapOpened());
    await vi.advanceTimersByTimeAsync(0);
    expect(s.map().start).toEqual([59.9585, 30.3105]);

    s = setup({ placesFail: true });
    s.store.dispatch(mapOpened());
    await vi.advanceTimersByTimeAsync(0);
    expect(s.map().start).toEqual(CITY_CENTRE);
    expect(s.map().status).toBe('idle');
  });

  it('where the map settles: the address with its house number and the zone check, asked once per point', async () => {
    const s = setup({ geo: '0' });
    s.store.dispatch(mapOpened());
    s.store.dispatch(mapCentreSettled([59.9601, 30.3089]));
    expect(s.map().resolving).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    expect(s.calls.filter((c) => c.api !== 'places')).toEqual([
      { api: 'geocode', params: { ll: '59.960100,30.308900' } },
      { api: 'geo_check', params: { ll: '59.960100,30.308900' } },
    ]);
    expect(s.map().resolved).toEqual({ centre: [59.9601, 30.3089], address: SPB.address, house: '20' });
    expect(s.map().geo).toBe('0');
    expect(s.map().search.text).toBe(SPB.address);
    // The same centre again asks nothing.
    s.store.dispatch(mapCentreSettled([59.9601, 30.3089]));
    await vi.advanceTimersByTimeAsync(300);
    expect(s.calls).toHaveLength(2);
    // Two quick moves ask once, for the last.
    s.store.dispatch(mapCentreSettled([59.95, 30.3]));
    await vi.advanceTimersByTimeAsync(100);
    s.store.dispatch(mapCentreSettled([59.951, 30.301]));
    await vi.advanceTimersByTimeAsync(300);
    expect(s.calls.slice(2).map((c) => c.params.ll)).toEqual(['59.951000,30.301000', '59.951000,30.301000']);
  });

  it('a failed reverse geocoding leaves no address (logged only), the zone check still answers', async () => {
    const s = setup({ fail: 'geocode' });
    s.store.dispatch(mapOpened());
    s.store.dispatch(mapCentreSettled([59.96, 30.31]));
    await vi.advanceTimersByTimeAsync(300);
    expect(s.map().resolving).toBe(false);
    expect(s.map().resolved?.address).toBe('');
    expect(s.map().geo).toBe('1');
    expect(console.error).toHaveBeenCalled();
  });

  it('suggestions come 1 s after the last keystroke, choosing one moves the map', async () => {
    const s = setup();
    s.store.dispatch(mapOpened());
    s.store.dispatch(mapSearchTyped('Камен'));
    await vi.advanceTimersByTimeAsync(600);
    s.store.dispatch(mapSearchTyped('Каменноостр'));
    await vi.advanceTimersByTimeAsync(900);
    expect(s.calls.filter((c) => c.api === 'geocode')).toHaveLength(0);
    expect(s.map().search.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(150);
    expect(s.calls.filter((c) => c.api === 'geocode').map((c) => c.params)).toEqual([{ q: 'Каменноостр' }]);
    expect(s.map().search.open).toBe(true);
    expect(s.map().search.suggestions).toHaveLength(2);
    s.store.dispatch(mapSuggestionChosen(s.map().search.suggestions[0]));
    expect(s.map().search).toMatchObject({ text: SPB.address, open: false, editing: false });
    expect(s.map().moveTo).toEqual({ lat: SPB.lat, lon: SPB.lon, zoom: 17, seq: 1 });
  });

  it('asks nothing for blank text or for the address already shown, a failure hides the list', async () => {
    const s = setup({ fail: 'geocode' });
    s.store.dispatch(mapOpened());
    s.store.dispatch(mapSearchTyped('   '));
    await vi.advanceTimersByTimeAsync(1500);
    expect(s.calls).toHaveLength(0);
    expect(s.map().search.pending).toBe(false);
    s.store.dispatch(mapSearchTyped('Невский'));
    await vi.advanceTimersByTimeAsync(1100);
    expect(s.calls).toHaveLength(1);
    expect(s.map().search).toMatchObject({ open: false, pending: false, suggestions: [] });
  });

  it("'Я здесь' stores the centre with its address, leaving without it clears the point", async () => {
    const s = setup();
    s.store.dispatch(mapOpened());
    await vi.advanceTimersByTimeAsync(0);
    s.store.dispatch(mapCentreSettled([59.9601, 30.3089]));
    await vi.advanceTimersByTimeAsync(300);
    s.store.dispatch(mapPointConfirmed());
    s.store.dispatch(mapLeft());
    const stored = { address: SPB.address, coords: [59.9601, 30.3089], house: '20' };
    expect(s.map().point).toEqual(stored);
    expect(JSON.parse(localStorage.getItem(DELIVERY_POINT_KEY)!)).toEqual(stored);

    s.store.dispatch(mapOpened());
    await vi.advanceTimersByTimeAsync(0);
    expect(s.map().start).toEqual([59.9601, 30.3089]);
    s.store.dispatch(mapLeft());
    expect(s.map().point).toBeNull();
    expect(localStorage.getItem(DELIVERY_POINT_KEY)).toBe('null');
  });

  it('without a known address the point keeps its coordinates as text', async () => {
    const s = setup({ reverse: { geocode: [] } });
    s.store.dispatch(mapOpened());
    s.store.dispatch(mapCentreSettled([59.96, 30.31]));
    await vi.advanceTimersByTimeAsync(300);
    s.store.dispatch(mapPointConfirmed());
    expect(s.map().point).toEqual({ address: '59.96000, 30.31000', coords: [59.96, 30.31], house: '' });
  });
});

describe('delivery timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts to the order date plus the shop’s delivery time (30 minutes by default), stored for a reload', () => {
    const store = createAppStore({ api: { call: vi.fn() } });
    store.dispatch(deliveryTimerStarted({ orderedAt: '2026-11-21T09:55:00Z' }));
    const until = Date.parse('2026-11-21T10:25:00Z');
    expect(store.getState().map.timer.until).toBe(until);
    expect(JSON.parse(localStorage.getItem(DELIVERY_TIMER_KEY)!)).toEqual({ until });
    // A reload reads it back.
    expect(createAppStore({ api: { call: vi.fn() } }).getState().map.timer.until).toBe(until);
    store.dispatch(deliveryTimerExpired());
    expect(store.getState().map.timer.until).toBeNull();
    expect(localStorage.getItem(DELIVERY_TIMER_KEY)).toBe('null');
  });

  it('an order whose delivery time has passed starts nothing, a stored past date is ignored', () => {
    const store = createAppStore({ api: { call: vi.fn() } });
    store.dispatch(deliveryTimerStarted({ orderedAt: '2026-11-21T09:00:00Z' }));
    expect(store.getState().map.timer.until).toBeNull();
    localStorage.setItem(DELIVERY_TIMER_KEY, JSON.stringify({ until: Date.now() - 1 }));
    expect(createAppStore({ api: { call: vi.fn() } }).getState().map.timer.until).toBeNull();
  });

  it('the delivery time: the shop’s delivery_duration when positive, explicit minutes first', () => {
    expect(deliveryMinutes(null)).toBe(30);
    expect(deliveryMinutes({ id: 1, userId: 1, name: 's', delivery_duration: 100 })).toBe(100);
    expect(deliveryMinutes({ id: 1, userId: 1, name: 's', delivery_duration: '45' } as unknown as StoreSettings)).toBe(45);
    expect(deliveryMinutes({ id: 1, userId: 1, name: 's', delivery_duration: 0 })).toBe(30);
    expect(deliveryMinutes({ id: 1, userId: 1, name: 's', delivery_duration: 100 }, 20)).toBe(20);
    expect(timerUntil(Date.parse('2026-11-21T10:00:00Z'), 30)).toBe(Date.parse('2026-11-21T10:30:00Z'));
    expect(timerUntil('not a date', 30)).toBeNull();
  });

  it('formats hh:mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
    expect(formatCountdown(29 * 60_000 + 59_500)).toBe('00:30:00');
    expect(formatCountdown(100 * 60_000)).toBe('01:40:00');
    expect(formatCountdown(3_661_000)).toBe('01:01:01');
  });
});

describe('entriesOf', () => {
  it('keeps well-formed entries, at most 7', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ address: `A ${i}`, house: String(i), lat: 59, lon: 30 }));
    expect(entriesOf({ geocode: many })).toHaveLength(7);
    expect(entriesOf({ geocode: [{ address: '', lat: 1, lon: 2 }, { address: 'x', lat: 'a', lon: 2 }, { address: 'y', lat: '1', lon: '2' }] })).toEqual([{ address: 'y', house: '', lat: 1, lon: 2 }]);
    expect(entriesOf(null)).toEqual([]);
  });
});
