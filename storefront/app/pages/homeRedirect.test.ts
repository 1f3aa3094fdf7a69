import { describe, expect, it } from 'vitest';
import { homeTarget, safeBack } from './HomeRedirect';

describe('/ redirect', () => {
  const base = { platform: 'browser' as const, host: 'shop.example', signedIn: false, wide: false };

  it('goes to the catalogue root, its product list on wide windows', () => {
    expect(homeTarget(base)).toBe('/category/0');
    expect(homeTarget({ ...base, wide: true })).toBe('/category/0/1');
  });

  it('in the apps’ web views on a test host without a session goes to the sign-in page', () => {
    for (const platform of ['android', 'ios'] as const) {
      expect(homeTarget({ ...base, platform, host: '127.0.0.1' })).toBe('/login');
      expect(homeTarget({ ...base, platform, host: 'test-shop.example' })).toBe('/login');
      expect(homeTarget({ ...base, platform, host: 'localhost', signedIn: true })).toBe('/category/0');
      expect(homeTarget({ ...base, platform, host: 'shop.example' })).toBe('/category/0');
    }
    // A browser on a test host is not sent to sign in.
    expect(homeTarget({ ...base, host: 'localhost' })).toBe('/category/0');
  });

  it('keeps a back address of this site or http(s) only', () => {
    expect(safeBack('/category/1')).toBe('/category/1');
    expect(safeBack('https://partner.example/app?x=1')).toBe('https://partner.example/app?x=1');
    expect(safeBack('javascript:alert(1)')).toBeNull();
    expect(safeBack('//evil.example')).toBeNull();
    expect(safeBack('/\\evil.example')).toBeNull();
    expect(safeBack('')).toBeNull();
  });
});
