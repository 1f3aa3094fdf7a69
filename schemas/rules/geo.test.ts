import { describe, expect, it } from 'vitest';
import { inAnyZone, parseLatLon, pointInPolygon, polygonOf, type LatLon } from './geo';

const square: LatLon[] = [
  [0, 0],
  [0, 10],
  [10, 10],
  [10, 0],
];
// A "U" shape: the notch between the arms is outside.
const u: LatLon[] = [
  [0, 0],
  [0, 9],
  [9, 9],
  [9, 6],
  [3, 6],
  [3, 3],
  [9, 3],
  [9, 0],
];

describe('parseLatLon', () => {
  it('reads the seed’s lat,lon text', () => {
    expect(parseLatLon('59.958,30.306')).toEqual([59.958, 30.306]);
    expect(parseLatLon(' -33.5 , 151 ')).toEqual([-33.5, 151]);
  });
  it('refuses anything else', () => {
    for (const bad of ['', '59.958', '59.958;30.306', 'a,b', '91,0', '0,181', '1,2,3', '0x10,5', '1e3,2', 'NaN,1']) {
      expect(parseLatLon(bad), bad).toBeNull();
    }
    expect(parseLatLon(undefined)).toBeNull();
    expect(parseLatLon('1'.repeat(100))).toBeNull();
  });
});

describe('pointInPolygon', () => {
  it('finds points inside and outside a square', () => {
    expect(pointInPolygon([5, 5], square)).toBe(true);
    expect(pointInPolygon([0.001, 9.999], square)).toBe(true);
    expect(pointInPolygon([-1, 5], square)).toBe(false);
    expect(pointInPolygon([5, 10.0001], square)).toBe(false);
    expect(pointInPolygon([20, 20], square)).toBe(false);
  });
  it('counts the border and the corners as inside', () => {
    expect(pointInPolygon([0, 5], square)).toBe(true);
    expect(pointInPolygon([10, 10], square)).toBe(true);
    expect(pointInPolygon([5, 0], square)).toBe(true);
  });
  it('handles concave zones', () => {
    expect(pointInPolygon([1, 1], u)).toBe(true);
    expect(pointInPolygon([6, 4.5], u)).toBe(false);
    expect(pointInPolygon([6, 7], u)).toBe(true);
    expect(pointInPolygon([6, 1], u)).toBe(true);
  });
  it('does not depend on the winding direction or a closing point', () => {
    const reversed = [...u].reverse();
    const closed = [...u, u[0]];
    for (const p of [[1, 1], [6, 4.5], [6, 7], [4, 4.5]] as LatLon[]) {
      expect(pointInPolygon(p, reversed)).toBe(pointInPolygon(p, u));
      expect(pointInPolygon(p, closed)).toBe(pointInPolygon(p, u));
    }
  });
  it('has no zone with fewer than three points', () => {
    expect(pointInPolygon([0, 0], [])).toBe(false);
    expect(pointInPolygon([0, 0], [[0, 0], [1, 1]])).toBe(false);
  });
  it('works with real city coordinates', () => {
    const zone: LatLon[] = [
      [59.938, 30.266],
      [59.936, 30.314],
      [59.938, 30.346],
      [59.978, 30.346],
      [59.98, 30.302],
      [59.978, 30.266],
    ];
    expect(pointInPolygon([59.958, 30.306], zone)).toBe(true);
    expect(pointInPolygon([59.85, 30.306], zone)).toBe(false);
    expect(inAnyZone([59.85, 30.306], [zone, square])).toBe(false);
    expect(inAnyZone([5, 5], [zone, square])).toBe(true);
  });
});

describe('polygonOf', () => {
  it('drops points whose parts are empty, null or not numbers instead of reading them as 0', () => {
    expect(polygonOf([[null, 30], ['', 30], [59, ' '], [true, 30], [59.9, '30.3']])).toEqual([[59.9, 30.3]]);
  });

  it('keeps pairs of finite numbers from stored JSON or objects', () => {
    expect(polygonOf('[[1,2],[3,4],["5","6"]]')).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(polygonOf([{ lat: 1, lng: 2 }, { latitude: 3, longitude: 4 }])).toEqual([[1, 2], [3, 4]]);
    expect(polygonOf([[1, 'x'], null, 'junk', [7, 8]])).toEqual([[7, 8]]);
    expect(polygonOf('not json')).toEqual([]);
    expect(polygonOf(null)).toEqual([]);
  });
});
