import { describe, expect, it } from 'vitest';
import { defaultWeek, type WeekSchedule } from '..';
import { errorText } from '../../server/errors';
import { deliveryCostFor } from './order';
import { formatRoubles } from './money';
import { checkHours, hoursOn, localTime, safeTimeZone, withinHours, type LocalTime } from './hours';

const at = (day: LocalTime['day'], time: string): LocalTime => ({ date: '2026-11-23', day, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) });
const week = (from: string, to: string, weekend: string[] = []): WeekSchedule =>
  Object.fromEntries(Object.keys(defaultWeek()).map((d) => [d, { from, to, isWeekend: weekend.includes(d) }])) as WeekSchedule;

describe('localTime', () => {
  it('gives the date, weekday and minutes in the store’s zone', () => {
    // 2026-11-23 is a Monday; 21:30 UTC is 00:30 on Tuesday in Moscow (UTC+3).
    const t = localTime(new Date('2026-11-23T21:30:00Z'), 'Europe/Moscow');
    expect(t).toEqual({ date: '2026-11-24', day: 'tuesday', minutes: 30 });
    expect(localTime(new Date('2026-11-23T21:30:00Z'), 'UTC')).toEqual({ date: '2026-11-23', day: 'monday', minutes: 21 * 60 + 30 });
  });
  it('falls back to Moscow for an unknown zone', () => {
    expect(safeTimeZone('Mars/Olympus')).toBe('Europe/Moscow');
    expect(safeTimeZone(undefined)).toBe('Europe/Moscow');
    expect(safeTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});

describe('delivery hours', () => {
  it('is the whole day without a schedule', () => {
    expect(hoursOn(null, 'sunday')).toEqual({ from: 0, to: 23 * 60 + 59 });
    expect(checkHours([], at('sunday', '03:00'))).toEqual({ open: true, from: '00:00', to: '23:59' });
    expect(checkHours([null], at('monday', '23:59')).open).toBe(true);
  });
  it('opens within a day’s hours, the end minute included', () => {
    const w = week('10:00', '22:00');
    expect(checkHours([w], at('monday', '10:00')).open).toBe(true);
    expect(checkHours([w], at('monday', '22:00')).open).toBe(true);
    expect(checkHours([w], at('monday', '09:59')).open).toBe(false);
    expect(checkHours([w], at('monday', '22:01'))).toEqual({ open: false, from: '10:00', to: '22:00' });
  });
  it('is closed on a weekend day and names the next working day’s hours', () => {
    const w = defaultWeek();
    w.monday = { from: '09:00', to: '18:00', isWeekend: false };
    const r = checkHours([w], at('saturday', '12:00'));
    expect(r).toEqual({ open: false, from: '09:00', to: '18:00' });
    expect(errorText('out_of_hours', { from: r.from, to: r.to })).toBe('Извините, доставка работает с 09:00 до 18:00');
  });
  it('is open when any of the places works, and names their widest hours', () => {
    const r = checkHours([week('10:00', '18:00'), week('12:00', '23:00')], at('friday', '22:30'));
    expect(r.open).toBe(true);
    const closed = checkHours([week('10:00', '18:00'), week('12:00', '20:00')], at('friday', '08:00'));
    expect(closed).toEqual({ open: false, from: '10:00', to: '20:00' });
  });
  it('runs past midnight when the end is before the start', () => {
    expect(withinHours({ from: 20 * 60, to: 2 * 60 }, 23 * 60)).toBe(true);
    expect(withinHours({ from: 20 * 60, to: 2 * 60 }, 60)).toBe(true);
    expect(withinHours({ from: 20 * 60, to: 2 * 60 }, 12 * 60)).toBe(false);
  });
  it('treats a day without valid times as the whole day', () => {
    const w = week('10:00', '22:00');
    (w.monday as { from: string }).from = 'junk';
    expect(hoursOn(w, 'monday')).toEqual({ from: 0, to: 1439 });
  });
});

describe('delivery cost and minimum sum', () => {
  it('charges the store’s cost, free for pickup and from free_delivery_from', () => {
    const store = { delivery_cost: 200, free_delivery_from: 3000 };
    expect(deliveryCostFor(store, 1000, 'delivery')).toBe(200);
    expect(deliveryCostFor(store, 2999.99, 'delivery')).toBe(200);
    expect(deliveryCostFor(store, 3000, 'delivery')).toBe(0);
    expect(deliveryCostFor(store, 1000, 'pickup')).toBe(0);
    expect(deliveryCostFor({ delivery_cost: 150, free_delivery_from: 0 }, 100000, 'delivery')).toBe(150);
    expect(deliveryCostFor({}, 100, 'delivery')).toBe(0);
  });
  it('writes the seed’s minimum-sum message', () => {
    expect(errorText('min_sum', { sum: '700' })).toBe('Минимальная сумма заказа 700 р.');
    expect(errorText('min_sum', { sum: formatRoubles(99.5) })).toBe('Минимальная сумма заказа 99.50 р.');
  });
});
