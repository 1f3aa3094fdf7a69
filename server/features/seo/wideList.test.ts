import { describe, expect, it } from 'vitest';
import { hasWideList, WIDE_LIST_SCRIPT } from './wideList';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const ANDROID_APP = 'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0 Mobile Safari/537.36';
const IOS_APP = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** Where the script sends a window of `width` at `path`+`search` (null: it stays), run as the browser runs it. */
function sentTo(path: string, search: string, width: number, ua = CHROME, hash = ''): string | null {
  let to: string | null = null;
  const location = { pathname: path, search, hash, replace: (u: string) => (to = u) };
  const matchMedia = (q: string) => ({ matches: width >= Number(/min-width: (\d+)px/.exec(q)![1]) });
  new Function('location', 'navigator', 'window', 'matchMedia', WIDE_LIST_SCRIPT)(location, { userAgent: ua }, { matchMedia }, matchMedia);
  return to;
}

describe('the wide-list script (a wide window goes from a category page to its list before the first paint)', () => {
  it('sends a window of 1100 px and more from / and a category page to the list, keeping ?lang=', () => {
    expect(sentTo('/', '', 1280)).toBe('/category/0/1');
    expect(sentTo('/category/1', '', 1100)).toBe('/category/1/1');
    expect(sentTo('/category/1-11', '?lang=en', 1920)).toBe('/category/1-11/1?lang=en');
  });

  it('leaves a phone, a list, other pages, campaign queries, legacy #/ links and the shop’s app where they are', () => {
    expect(sentTo('/', '', 1099)).toBeNull();
    expect(sentTo('/category/1', '', 390)).toBeNull();
    expect(sentTo('/category/1/1', '', 1280)).toBeNull();
    expect(sentTo('/category/1/item/5', '', 1280)).toBeNull();
    expect(sentTo('/cart', '', 1280)).toBeNull();
    expect(sentTo('/', '?utm_source=mail', 1280)).toBeNull();
    expect(sentTo('/', '?back=%2Fcart', 1280)).toBeNull();
    expect(sentTo('/', '', 1280, ANDROID_APP)).toBeNull();
    expect(sentTo('/', '', 1280, IOS_APP)).toBeNull();
    expect(sentTo('/', '', 1280, CHROME, '#/category/1-11/item/1001')).toBeNull();
  });

  it('goes into the pages whose wide view is a list: the home and category pages only', () => {
    expect(['/', '/?lang=en', '/category/0', '/category/1-11'].map(hasWideList)).toEqual([true, true, true, true]);
    expect(['/category/1/1', '/category/1/item/2', '/cart', '/search/word/x', '/delivery'].map(hasWideList)).toEqual([false, false, false, false, false]);
  });
});
