import fc from 'fast-check';
import * as rr from 'react-router';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../app/paths';
import { createPath, decodePath, matchPath, parsePath, resolveTo } from './routePaths';

/**
 * The storefront's router (lib/router.tsx on wouter) keeps React Router 7's path rules, which every storefront
 * address was written against. These properties compare lib/routePaths with react-router itself (the admin
 * still ships it) over random addresses built from the storefront's own patterns and awkward segments.
 */
const PATTERNS = [...Object.values(PATHS), '/', '/product/:productId', '/filters/:path', '/filters/:path/:filterId', '/order/:orderId', '/order/:orderId/review', '/cart', '*'];
const segment = fc.oneof(
  fc.constantFrom('category', 'item', 'search', 'word', 'filters', 'order', 'review', 'cart', '42', '0', '', 'a%2Fb', '%D0%BA%D0%BE%D1%82', 'кот', 'A B', '%E0%A4%A', '..', '.'),
  fc.string({ maxLength: 6 }).map((s) => encodeURIComponent(s)),
);
const address = fc.array(segment, { minLength: 0, maxLength: 6 }).chain((parts) => fc.constantFrom('', '/').map((tail) => '/' + parts.join('/') + tail));

describe('storefront router paths (React Router 7 rules)', () => {
  it('matches every pattern as react-router does, params decoded alike', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PATTERNS), address, (pattern, path) => {
        const decoded = decodePath(path);
        const ours = matchPath(pattern, decoded);
        const theirs = rr.matchPath(pattern, decoded);
        expect(ours && { params: ours.params, pathname: ours.pathname, pathnameBase: ours.pathnameBase }).toEqual(theirs && { params: { ...theirs.params }, pathname: theirs.pathname, pathnameBase: theirs.pathnameBase });
      }),
      { numRuns: 3000 },
    );
  });

  // '' and '.' aside: React Router's links resolve them against the route, not the address (resolveTo keeps its rule).
  it('resolves link targets as react-router does', () => {
    const target = fc.oneof(address, fc.constantFrom('..', '../x', 'x/y', '?q=1', '#top', '/search/word/кот?sort=2#a', '//double//slash', 'item/7'));
    fc.assert(
      fc.property(target, address, (to, from) => {
        expect(resolveTo(to, from)).toEqual(rr.resolvePath(to, from));
      }),
      { numRuns: 2000 },
    );
  });

  it('parses and writes addresses as react-router does', () => {
    fc.assert(
      fc.property(address, fc.constantFrom('', '?', '?a=1&b=2', '?q=%20'), fc.constantFrom('', '#', '#x'), (pathname, search, hash) => {
        const written = pathname + search + hash;
        expect(parsePath(written)).toEqual(rr.parsePath(written));
        expect(createPath({ pathname, search, hash })).toBe(rr.createPath({ pathname, search, hash }));
      }),
    );
  });
});
