/**
 * The platform decides how logout, push tokens, external links and the slide animation work:
 * 'ios' and 'android' are the shop's native apps (web views), 'browser' is everything else.
 */
export type Platform = 'ios' | 'android' | 'browser';

export function detectPlatform(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): Platform {
  const ua = userAgent;
  const apple = /iPhone|iPad|iPod/i.test(ua);
  // An iOS web view lacks the 'Safari/' token that every iOS browser carries.
  if (apple && !/Safari\//i.test(ua)) return 'ios';
  // Android web views mark themselves with '; wv)'.
  if (/Android/i.test(ua) && /;\s*wv\)/i.test(ua)) return 'android';
  return 'browser';
}

/** iOS browsers animate page swipes themselves: no slide animation there. */
export const isIosBrowser = (userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent) =>
  /iPhone|iPad|iPod/i.test(userAgent) && detectPlatform(userAgent) === 'browser';

export const platform: Platform = detectPlatform();
