import { cspHash } from '../../lib/securityHeaders';

/**
 * A server-rendered page starts the app after its first paint (issue 13). The page is readable without the
 * app, so its entry script is asked for only once the page has painted: until then the stylesheets and the
 * LCP picture have the connection to themselves (on a slow phone network the app's ~80 KB used to share it with
 * them), and Lighthouse no longer counts the scripts' download and evaluation in its first and largest paint.
 * The app's start moves back by the time from the parse to the first paint; taps meanwhile wait in the tap queue
 * (tapQueue.ts). The paint is the browser's first-contentful-paint entry (after an animation frame where there
 * is none); 5 s is the longest wait, for a page that paints nothing.
 *
 * Allowed by the page's CSP through its hash (APP_START_HASH); the entry's address is in `data-src`.
 */
export const APP_START_SCRIPT = `(function(){
var s=document.currentScript,u=s.getAttribute("data-src"),done=0,P=window.PerformanceObserver;
function go(){if(done)return;done=1;var e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=u;document.head.appendChild(e)}
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});
else requestAnimationFrame(function(){setTimeout(go,0)});
setTimeout(go,5000);
})()`;

export const APP_START_HASH = cspHash(APP_START_SCRIPT);

const ENTRY = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/;

/** The page with its entry script started after the first paint (a page without it as it is). */
export const startAfterPaint = (page: string): string =>
  page.replace(ENTRY, (_m, src: string) => `<script id="app-start" data-src="${src}">${APP_START_SCRIPT}</script>`);
