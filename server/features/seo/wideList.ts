import { WIDE_MIN } from '../../../schemas/rules/layout';
import { cspHash } from '../../lib/securityHeaders';

/**
 * A wide window (WIDE_MIN, 1100 px and more, schemas/rules/layout.ts) shows a category's product list where a phone shows
 * its category page: / and /category/{path} go on to /category/{path}/1 (storefront CategoryPage, HomeRedirect).
 * The server cannot know the width, so it renders the phone's page; drawn on a wide window that page painted
 * in the phone's layout, and the app swapped in the list once it had started (about 5 s on a slow network).
 * This script, in the head before anything is drawn, sends a wide window on to the list at once, which the server
 * renders too: one more request, no wrong first paint. The shop's app (an iOS or Android web view: /login may be
 * its home, storefront/lib/platform.ts), an address with a query other than ?lang= (the campaign and `back`
 * parameters the app keeps) and one with a hash (the native apps' legacy #/category links) are left to the app.
 *
 * Allowed by the page's CSP through its hash (WIDE_LIST_HASH).
 */
export const WIDE_LIST_SCRIPT = `(function(){
var l=location,p=l.pathname,u=navigator.userAgent;
if(l.hash||!/^\\/(category\\/[^/]+)?$/.test(p)||!/^(\\?lang=[\\w-]+)?$/.test(l.search)||!window.matchMedia||!matchMedia("(min-width: ${WIDE_MIN}px)").matches)return;
if(/iPhone|iPad|iPod/.test(u)&&!/Safari\\//.test(u)||/Android/.test(u)&&/;\\s*wv\\)/.test(u))return;
l.replace((p==="/"?"/category/0":p)+"/1"+l.search);
})()`;

export const WIDE_LIST_HASH = cspHash(WIDE_LIST_SCRIPT);

/** Whether a path is one a wide window sees as its list: the home and a category page (a leaf answers 301 to its list). */
export const hasWideList = (url: string): boolean => /^\/(category\/[^/?]+)?(\?|$)/.test(url);

/** The script element for the head. */
export const WIDE_LIST_ELEMENT = `<script id="wide-list">${WIDE_LIST_SCRIPT}</script>`;
