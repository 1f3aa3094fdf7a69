import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCleanRichText, sanitizeRichText, sanitizeWithLibrary } from './sanitize';

const PIECES = [
  '<p>', '</p>', '<b>', '</b>', '<strong>', '</strong>', '<i>', '</i>', '<em>', '</em>', '<u>', '</u>', '<s>', '</s>', '<span>', '</span>',
  '<ul>', '</ul>', '<ol>', '</ol>', '<li>', '</li>', '<div>', '</div>', '<h1>', '</h1>', '<h2>', '</h2>', '<h3>', '</h3>', '<h4>', '</h4>',
  '<blockquote>', '</blockquote>', '<br />', '<br>', '<br/>', '<P>', '<a>', '</a>', '<script>', '</script>', '<p class="x">', '<!-- c -->',
  'текст', 'text', ' ', '\n', '\t', "'", '"', '&', '&amp;', '&nbsp;', '<', '>', '\u00a0', '=', '/',
];

describe('sanitizeRichText: the fast path for clean text', () => {
  it('gives exactly what sanitize-html gives, for any mix of tags, entities and text', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), (pieces) => {
        const html = pieces.join('');
        expect(sanitizeRichText(html)).toBe(sanitizeWithLibrary(html));
      }),
      { numRuns: 3_000 },
    );
  });
  it('gives exactly what sanitize-html gives for properly closed tags nested in any order', { timeout: 120_000 }, () => {
    const TAGS = ['p', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'ul', 'ol', 'li', 'div', 'h1', 'h2', 'h3', 'blockquote'];
    const { node } = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('текст', 'a b', ' ', '\n', '<br />', "it's", '&', '>'),
        fc.tuple(fc.constantFrom(...TAGS), fc.array(tie('node'), { maxLength: 4 })).map(([t, kids]) => `<${t}>${kids.join('')}</${t}>`),
      ),
    }));
    let fast = 0;
    fc.assert(
      fc.property(fc.array(node, { maxLength: 4 }), (nodes) => {
        const html = nodes.join('');
        if (isCleanRichText(html)) fast++;
        expect(sanitizeRichText(html)).toBe(sanitizeWithLibrary(html));
      }),
      { numRuns: 5_000 },
    );
    // The generator reaches the fast path often, so the property tests it.
    expect(fast).toBeGreaterThan(500);
  });
  it('takes the fast path for usual feed descriptions and not for anything the sanitizer changes', () => {
    expect(isCleanRichText('<p>Чайник для дома, артикул 5.</p>\n<ul><li><b>1,7 л</b></li><li>сталь<br />стекло</li></ul>')).toBe(true);
    expect(isCleanRichText('plain text')).toBe(true);
    for (const changed of ['<p>a', '<p>a<br>b</p>', 'a & b', '<p><div>x</div></p>', '<li><li>x</li></li>', '<p class="x">a</p>', '<P>a</P>', '<script>x</script>'])
      expect([changed, isCleanRichText(changed)]).toEqual([changed, false]);
  });
});
