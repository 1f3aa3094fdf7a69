import { createAction } from '@reduxjs/toolkit';

/**
 * Events several features raise and the shell reacts to. They live here, not in a feature, so features
 * never import each other (CONVENTIONS.md).
 */
/** A request got no answer; a retry is scheduled (the shell shows 'Оффлайн'). */
export const networkFailed = createAction('net/failed');
/** A request got an answer again. */
export const networkRestored = createAction('net/restored');
/** A 3-second message at the bottom of the screen; with `page`, only while that path is shown (it says something of that page). */
export const toastShown = createAction('toast/shown', (text: string, kind: 'info' | 'error' = 'info', page?: string) => ({
  payload: { id: Math.random().toString(36).slice(2), text, kind, ...(page ? { page } : {}) },
}));
/** A response carried token 'error': the stored session is cleared (main.tsx), the app is signed out. */
export const sessionRejected = createAction('session/rejected');
/** The app started: load the shop (settings and categories). */
export const appStarted = createAction('app/started');
