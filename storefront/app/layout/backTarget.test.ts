import { describe, expect, it } from 'vitest';
import { isRootPage, parentOf } from './backTarget';

/** Where the header's back arrow goes without in-app history (a deep link): one level up, never out of the shop. */
describe('parentOf', () => {
  const leaves = new Set(['1-11', '2']);
  const isLeafPath = (p: string) => leaves.has(p);

  it('item → its list → its category page → the parent category → the root', () => {
    expect(parentOf('/category/1-12/item/1002', isLeafPath)).toBe('/category/1-12/1');
    expect(parentOf('/category/1-12/3', isLeafPath)).toBe('/category/1-12');
    expect(parentOf('/category/1-12', isLeafPath)).toBe('/category/1');
    expect(parentOf('/category/1', isLeafPath)).toBe('/category/0');
    expect(parentOf('/category/0/1', isLeafPath)).toBe('/category/0');
  });

  it("a leaf's list goes to the parent category (the leaf's own page would show the same list again)", () => {
    expect(parentOf('/category/1-11/1', isLeafPath)).toBe('/category/1');
    expect(parentOf('/category/2/4', isLeafPath)).toBe('/category/0');
    // Without the tree every list goes to its category page.
    expect(parentOf('/category/1-11/1')).toBe('/category/1-11');
  });

  it('filters, orders, info pages and the rest', () => {
    expect(parentOf('/filters/1-11/292')).toBe('/filters/1-11');
    expect(parentOf('/filters/1-11')).toBe('/category/1-11/1');
    expect(parentOf('/order/12/review')).toBe('/order/12');
    expect(parentOf('/order/12/')).toBe('/my_orders');
    for (const p of ['/delivery', '/cart', '/my_orders', '/404']) expect(parentOf(p)).toBe('/');
  });

  it('the root pages have no back arrow', () => {
    expect(['/', '/category/0', '/category/0/'].every(isRootPage)).toBe(true);
    expect(isRootPage('/category/0/1')).toBe(false);
  });
});
