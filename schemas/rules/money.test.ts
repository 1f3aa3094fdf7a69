import { describe, expect, it } from 'vitest';
import { discountPercent, formatPrice } from './money';

describe('prices', () => {
  it('groups digits, with thin spaces from six digits on', () => {
    expect(formatPrice(990, 'RUR')).toBe('990\u00a0₽');
    expect(formatPrice(12990, 'RUR')).toBe('12\u00a0990\u00a0₽');
    expect(formatPrice(129990, 'RUB')).toBe('129\u2009990\u00a0₽');
    expect(formatPrice(1299990.5, 'USD')).toBe('1\u2009299\u2009990,50\u00a0$');
    expect(formatPrice(null)).toBe('');
  });
  it('discount percent only when the old price is higher', () => {
    expect(discountPercent(12990, 14990)).toBe(13);
    expect(discountPercent(100, 100)).toBeNull();
    expect(discountPercent(100, null)).toBeNull();
  });
});
