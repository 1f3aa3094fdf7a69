import { options } from 'preact';

/**
 * When Preact (the storefront's UI library, see vite.config.ts) runs effects: right after the commit, in a
 * task of its own (a MessageChannel message, as React's scheduler does), instead of its default of the next
 * animation frame. Frames stop in a hidden tab and under a paused clock, and the effects that start a page's
 * data (an info page's texts, the list's first page) waited for them.
 */
const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
const queue: (() => void)[] = [];
if (channel) {
  channel.port1.onmessage = () => {
    for (const run of queue.splice(0)) run();
  };
  (options as { requestAnimationFrame?: (cb: () => void) => void }).requestAnimationFrame = (cb) => {
    queue.push(cb);
    if (queue.length === 1) channel.port2.postMessage(null);
  };
}
