import { describe, expect, it } from 'vitest';
import { listAddressSearch, parseListAddress } from './listAddress';

describe('a list sort and filters in its address', () => {
  it('writes readable sort names and one f per filter in base id order, keeping the other parameters', () => {
    expect(listAddressSearch('?lang=en', { sort: 'increase', filters: { '283': '100_500', '12': '3_4' } })).toBe('?lang=en&sort=price_asc&f=12%3A3_4&f=283%3A100_500');
    expect(listAddressSearch('?sort=date&f=1:2&utm_source=x', null)).toBe('?utm_source=x');
    expect(listAddressSearch('', { sort: 'default', filters: {} })).toBe('');
  });

  it('reads back what it wrote, and null for an address without either', () => {
    const query = { sort: 'descend' as const, filters: { '283': '100_500', '40': 'синий' } };
    expect(parseListAddress(listAddressSearch('', query))).toEqual(query);
    expect(parseListAddress('?lang=ru')).toBeNull();
    expect(parseListAddress('')).toBeNull();
  });

  it('leaves out an unknown sort and malformed filters instead of guessing', () => {
    expect(parseListAddress('?sort=cheapest&f=abc:1&f=12:&f=7')).toBeNull();
    expect(parseListAddress('?sort=cheapest&f=12:1')).toEqual({ sort: 'default', filters: { '12': '1' } });
  });
});
