import { describe, expect, it } from 'vitest';
import { langFromSearch, legacyHashPath } from './legacyHash';

describe('legacy hash links', () => {
  it('turns the seed apps’ #/category links into real paths and leaves anchors alone', () => {
    expect(legacyHashPath('#/category/1-2/item/7')).toBe('/category/1-2/item/7');
    expect(legacyHashPath('#/category/0')).toBe('/category/0');
    expect(legacyHashPath('#!/product/55')).toBe('/product/55');
    expect(legacyHashPath('#/search/word/чай')).toBe('/search/word/чай');
    expect(legacyHashPath('#reviews')).toBeNull();
    expect(legacyHashPath('#/admin/settings')).toBeNull();
    expect(legacyHashPath('')).toBeNull();
  });
  it('reads the language of an hreflang link', () => {
    expect(langFromSearch('?lang=en')).toBe('en');
    expect(langFromSearch('?x=1')).toBeNull();
  });
});
