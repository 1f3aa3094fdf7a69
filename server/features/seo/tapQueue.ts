import { cspHash } from '../../lib/securityHeaders';

/**
 * Taps before hydration (issue 13): a server-rendered page shows its buttons before the app's handlers are
 * on, and a tap there did nothing. This tiny script, first in the head, catches a click on a button of #root
 * until the app marks the page hydrated (`<html data-hydrated="1">`, storefront/lib/hydrated.tsx),
 * keeps it (the button, its class and its text) and stops the browser's own action (a
 * form's submit). When the mark appears it clicks each kept button once, as soon as React has hydrated it
 * (React's handlers on the element, `__reactProps$…`, or on its form for a submit button that has none of its own; a lazy part of the
 * page hydrates after the root's commit, and a click on a part not yet hydrated is dropped); a button the app drew anew meanwhile is found by its class and text.
 * After ~5 s of frames the button is clicked anyway. A button tapped twice is kept once (an impatient second
 * tap is not a second order). Links are not held: they simply navigate.
 *
 * Allowed by the page's CSP through its hash (TAP_QUEUE_HASH), so script-src stays 'self' plus this one text.
 */
export const TAP_QUEUE_SCRIPT = `(function(){
var d=document,h=d.documentElement,q=[];
function all(){return d.querySelectorAll("#root button")}
function on(){return h.getAttribute("data-hydrated")==="1"}
d.addEventListener("click",function(e){
if(on())return;
var b=e.target&&e.target.closest?e.target.closest("#root button"):null;
if(!b||b.disabled)return;
e.preventDefault();e.stopPropagation();
for(var k=0;k!==q.length;k++)if(q[k].b===b)return;
q.push({b:b,c:b.className,t:b.textContent});
},true);
function has(x){if(!x)return false;for(var k in x)if(k.indexOf("__reactProps$")===0)return true;return false}
function ready(b){return has(b)||has(b.form)}
function replay(t,n){
var b=t.b;
if(!b.isConnected){b=null;for(var l=all(),k=0;k!==l.length;k++)if(l[k].className===t.c&&l[k].textContent===t.t){b=l[k];break}}
if(b&&(ready(b)||n===300))return b.click();
if(n!==300)requestAnimationFrame(function(){replay(t,n+1)});
}
new MutationObserver(function(m,o){if(!on())return;o.disconnect();var x=q;q=[];x.forEach(function(t){replay(t,0)})}).observe(h,{attributes:true,attributeFilter:["data-hydrated"]});
})()`;

export const TAP_QUEUE_HASH = cspHash(TAP_QUEUE_SCRIPT);

/** The script element for the head. */
export const TAP_QUEUE_ELEMENT = `<script id="tap-queue">${TAP_QUEUE_SCRIPT}</script>`;
