import { describe, expect, it } from 'vitest';
import { offerFromAttrs, readField, type Field, type OfferDraft } from './offerFields';

const field = (name: string, text: string, attrs: Record<string, string> = {}, children: Field['children'] = []): Field => ({ name, attrs, text, raw: '', keepRaw: false, children });

function read(fields: Field[], attrs: Record<string, string> = { id: 'a1' }) {
  const warnings: string[] = [];
  const unknown = new Map<string, number>();
  const warn = (w: string) => warnings.push(w);
  const d: OfferDraft = { offer: offerFromAttrs(attrs.id, attrs, warn), ownDelivery: false, ownPickup: false, droppedPictures: 0, line: 1, seen: 0, repeated: false };
  for (const f of fields) readField(d, f, warn, unknown);
  return { offer: d.offer, d, warnings, unknown };
}

describe('offerFromAttrs', () => {
  it('reads availability, group and bid, keeps other attributes as @name', () => {
    const { offer, warnings } = read([], { id: 'a1', available: 'maybe', group_id: ' 77 ', bid: '13', 'data-x': 'y' });
    expect(offer).toMatchObject({ id: 'a1', type: 'common', available: '1', groupId: '77', bid: '13', extra: { '@data-x': 'y' } });
    expect(warnings).toEqual(['offer a1: available="maybe" is not a boolean, taken as available']);
  });
});

describe('readField', () => {
  it('takes the first price, refuses a repeat and a non-number', () => {
    const { offer, warnings } = read([field('price', ' 1 299,50 '), field('price', '10'), field('oldprice', 'дорого')]);
    expect(offer.price).toBe('1299.50');
    expect(offer.oldprice).toBeUndefined();
    expect(warnings).toEqual(['offer a1: repeated <price> ignored', 'offer a1: <oldprice> "дорого" is not a number, ignored']);
  });

  it('reads dimensions, params with units, delivery options and keeps unknown elements in extra', () => {
    const { offer, d, warnings, unknown } = read([
      field('dimensions', '10,5/20/30'),
      field('param', '2', { name: 'Объём', unit: 'л' }),
      field('param', '', { name: 'Цвет' }),
      field('delivery-options', '', {}, [{ name: 'option', attrs: { cost: '300', days: '1-2', 'order-before': '14' }, text: '' }]),
      field('glitter', 'yes'),
      field('glitter', 'again'),
    ]);
    expect(offer).toMatchObject({ length: '10.5', width: '20', height: '30', params: [{ name: 'Объём', unit: 'л', value: '2' }] });
    expect(offer).toMatchObject({ delivery_options_cost: '300', delivery_options_days: '1-2', delivery_options_order_before: '14' });
    expect(d.ownDelivery).toBe(true);
    expect(offer.extra.glitter).toBe('yes, again');
    expect(unknown.get('glitter')).toBe(2);
    expect(warnings).toEqual(['offer a1: <param name="Цвет"> without a value skipped']);
  });
});
