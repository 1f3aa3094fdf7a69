import { describe, expect, it } from 'vitest';
import { langFromSearch, legacyHashPath } from './legacyHash';

describe('legacy hash links', () => {
  it.each<[hash: string, path: string | null]>([
    ['#/category/1-2/item/7', '/category/1-2/item/7'],
    ['#/category/0', '/category/0'],
    ['#!/product/55', '/product/55'],
    ['#/search/word/чай', '/search/word/чай'],
    ['#reviews', null],
    ['#/admin/settings', null],
    ['', null],
  ])('turns the seed apps’ #/category links into real paths and leaves anchors alone: %j', (hash, path) => {
    expect(legacyHashPath(hash)).toBe(path);
  });
  it('reads the language of an hreflang link', () => {
    expect(langFromSearch('?lang=en')).toBe('en');
    expect(langFromSearch('?x=1')).toBeNull();
  });
});
