import { describe, expect, it } from 'vitest';
import { isWebLink, mapLinkOf } from './links';

describe('isWebLink', () => {
  it('accepts shop paths and http(s) addresses', () => {
    for (const l of ['/category/1', 'https://example.com/a?b=1', 'http://example.com', 'category/1', '//cdn.example.com/x']) expect(isWebLink(l), l).toBe(true);
  });
  it('refuses script and data links however they are spelled', () => {
    for (const l of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\u0001javascript:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:msgbox(1)', '', '   ', null, undefined]) {
      expect(isWebLink(l), JSON.stringify(l)).toBe(false);
    }
  });
});

describe('mapLinkOf', () => {
  it('pins the point when it is known, else searches the address, else gives nothing', () => {
    expect(mapLinkOf({ address: 'Каменноостровский пр., 20', latitude: '59.962', longitude: '30.311' })).toBe('https://yandex.ru/maps/?pt=30.311,59.962&z=17&l=map');
    expect(mapLinkOf({ address: ' Садовая,  1 ', latitude: null, longitude: null })).toBe('https://yandex.ru/maps/?text=%D0%A1%D0%B0%D0%B4%D0%BE%D0%B2%D0%B0%D1%8F%2C%201');
    expect(mapLinkOf({ address: null, latitude: '999', longitude: '1' })).toBeNull();
    expect(mapLinkOf({})).toBeNull();
  });
});
