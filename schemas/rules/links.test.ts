import { describe, expect, it } from 'vitest';
import { isWebLink } from './links';

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
