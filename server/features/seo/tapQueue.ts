import { cspHash } from '../../lib/securityHeaders';

/**
 * Taps before hydration (issue 13): a server-rendered page shows its buttons before the app's handlers are
 * on, and a tap there did nothing. This tiny script, first in the head, catches a click on a button of #root
 * until the app marks the page hydrated (`<html data-hydrated>`, storefront/main.tsx), keeps the button in
 * `window.__taps` and stops the browser's own action (a form's submit); main.tsx clicks each kept button
 * once after hydration (storefront/features/seo/tapReplay.ts). Links are not held: they simply navigate.
 *
 * Allowed by the page's CSP through its hash (TAP_QUEUE_HASH), so script-src stays 'self' plus this one text.
 */
export const TAP_QUEUE_SCRIPT =
  '(function(){var q=window.__taps=[];document.addEventListener("click",function(e){' +
  'if(document.documentElement.hasAttribute("data-hydrated"))return;' +
  'var b=e.target&&e.target.closest?e.target.closest("#root button"):null;' +
  'if(!b||b.disabled)return;e.preventDefault();e.stopPropagation();if(q.indexOf(b)===-1)q.push(b)},true)})()';

export const TAP_QUEUE_HASH = cspHash(TAP_QUEUE_SCRIPT);

/** The script element for the head. */
export const TAP_QUEUE_ELEMENT = `<script id="tap-queue">${TAP_QUEUE_SCRIPT}</script>`;
