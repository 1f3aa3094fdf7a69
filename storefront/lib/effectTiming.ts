import { options } from 'preact';
import { nextTask } from './nextTask';

/**
 * When Preact (the storefront's UI library, see vite.config.ts) runs effects: right after the commit, in a
 * task of its own (lib/nextTask, a MessageChannel message, as React's scheduler does), instead of its default
 * of the next animation frame. Frames stop in a hidden tab and under a paused clock, and the effects that
 * start a page's data (an info page's texts, the list's first page) waited for them.
 */
(options as { requestAnimationFrame?: (cb: () => void) => void }).requestAnimationFrame = (cb) => void nextTask().then(cb);
