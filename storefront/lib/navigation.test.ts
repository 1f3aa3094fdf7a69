import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test/memoryStorage';
import { backStep, entry, hasInAppHistory, hasReferrer, itemEntryList, noteEntry, noteNavigation } from './navigation';

describe('back without leaving the shop', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('a deep link as the first page remembers that a referrer exists; a reload keeps the first page', () => {
    noteEntry('/category/1-11/item/1001', 'https://vk.com/');
    noteEntry('/cart', '');
    expect(entry()).toEqual({ path: '/category/1-11/item/1001', referrer: 'https://vk.com/', deep: true });
    expect(hasReferrer()).toBe(true);
  });

  it('the shop opened at / has no referrer', () => {
    noteEntry('/', '');
    expect(hasReferrer()).toBe(false);
  });

  it('an item entered from the list of its own path records that list; from another list or page it does not', () => {
    noteNavigation('/category/1-11/1?sort=increase', '/category/1-11/item/1001', 'k1');
    noteNavigation('/category/1-11', '/category/1-11/item/1002', 'k2');
    noteNavigation('/category/1-12/1', '/category/1-11/item/1003', 'k3');
    noteNavigation('/search/word/chair/1', '/category/1-11/item/1004', 'k4');
    noteNavigation('/cart', '/category/1-11/item/1005', 'k5');
    expect(itemEntryList('k1')).toBe('/category/1-11/1?sort=increase');
    expect(itemEntryList('k2')).toBe('/category/1-11');
    expect(['k3', 'k4', 'k5'].map(itemEntryList)).toEqual([null, null, null]);
  });

  it('back: the history when an in-app page is behind, else the recorded list, else one level up', () => {
    noteNavigation('/category/1-11/3', '/category/1-11/item/1001', 'k1');
    expect(hasInAppHistory({ idx: 0 })).toBe(false);
    expect(hasInAppHistory(null)).toBe(false);
    expect(backStep('k1', '/category/1-11/1', { idx: 2 })).toBe(-1);
    expect(backStep('k1', '/category/1-11/1', { idx: 0 })).toBe('/category/1-11/3');
    expect(backStep('default', '/category/1-11/1', { idx: 0 })).toBe('/category/1-11/1');
  });
});
