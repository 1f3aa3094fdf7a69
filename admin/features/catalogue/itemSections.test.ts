import { describe, expect, it } from 'vitest';
import { OFFER_TYPES } from '../../../schemas';
import { editableFields, fieldsBySection, ITEM_SECTIONS } from './itemSections';

describe('item editor sections', () => {
  it('puts every editable field of every type in exactly one section', () => {
    for (const type of OFFER_TYPES) {
      const by = fieldsBySection(type);
      const placed = ITEM_SECTIONS.flatMap((s) => by[s].map((f) => f.name));
      expect(placed.sort(), type).toEqual(editableFields(type).map((f) => f.name).sort());
    }
  });

  it('keeps the description, the stock, the price and a type’s required fields out of "more"', () => {
    const common = fieldsBySection('common');
    expect(common.description.map((f) => f.name)).toEqual(['description']);
    expect(common.stock.map((f) => f.name)).toEqual(expect.arrayContaining(['stock', 'available', 'vendorCode']));
    expect(common.price.map((f) => f.name)).toEqual(['oldprice', 'price', 'currencyId']);
    expect(common.seo.map((f) => f.name)).toEqual(['seo_title', 'seo_description']);
    expect(common.main.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'vendor', 'active']));
    const tour = fieldsBySection('tour');
    expect(tour.main.map((f) => f.name)).toEqual(expect.arrayContaining(['days', 'included', 'transport', 'worldRegion']));
    for (const type of ['common', 'tour', 'book'] as const) expect(fieldsBySection(type).more.some((f) => f.required)).toBe(false);
  });

  it('leaves the raw feed fields under "more", most of the ~50', () => {
    const more = fieldsBySection('common').more.map((f) => f.name);
    expect(more).toEqual(expect.arrayContaining(['oneCName', 'secondaryId', 'bid', 'sales_notes', 'creditTemplate', 'groupId']));
    expect(more.length).toBeGreaterThan(15);
  });
});
