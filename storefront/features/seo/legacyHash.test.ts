import { describe, expect, it } from 'vitest';
import { langFromSearch, legacyHashPath } from './legacyHash';
import { itMaps } from '../../../schemas/testing/cases';

describe('legacy hash links', () => {
  itMaps('turns the seed apps’ #/category links into real paths and leaves anchors alone: %j', legacyHashPath, [
    ['#/category/1-2/item/7', '/category/1-2/item/7'],
    ['#/category/0', '/category/0'],
    ['#!/product/55', '/product/55'],
    ['#/search/word/чай', '/search/word/чай'],
    ['#reviews', null],
    ['#/admin/settings', null],
    ['', null],
  ]);
  it('reads the language of an hreflang link', () => {
    expect(langFromSearch('?lang=en')).toBe('en');
    expect(langFromSearch('?x=1')).toBeNull();
  });
});
