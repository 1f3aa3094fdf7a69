import { describe, expect, it } from 'vitest';
import { proxyHops } from './proxyHops';

describe('TRUST_PROXY', () => {
  it('is a number of proxy hops; unset, 0 or false trusts none', () => {
    expect(proxyHops(undefined)).toBe(0);
    expect(proxyHops('')).toBe(0);
    expect(proxyHops('0')).toBe(0);
    expect(proxyHops('false')).toBe(0);
    expect(proxyHops('1')).toBe(1);
    expect(proxyHops(' 2 ')).toBe(2);
  });

  it('refuses anything else at start, rather than trusting every hop', () => {
    for (const bad of ['true', 'yes', '-1', '1.5', '10.0.0.0/8', '999']) expect(() => proxyHops(bad), bad).toThrow(/TRUST_PROXY/);
  });
});
