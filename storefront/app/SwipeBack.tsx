import { useEffect } from 'react';
import { platform } from '../lib/platform';
import { useGoBack } from './NavigationBridge';

/**
 * In the native apps' web views a swipe right of more than 60 px goes back (browsers have their own gesture):
 * the history when an in-app page is behind, else one level up (a deep link never swipes out of the shop).
 */
export const SWIPE_BACK_PX = 60;

export default function SwipeBack() {
  const goBack = useGoBack();
  useEffect(() => {
    if (platform === 'browser') return;
    let x0 = 0;
    let y0 = 0;
    let ignore = false;
    const start = (e: TouchEvent) => {
      // Sliders (the picture gallery) use the same gesture.
      ignore = !!(e.target as Element | null)?.closest?.('.swiper, [data-no-swipe-back]');
      x0 = e.touches[0].clientX;
      y0 = e.touches[0].clientY;
    };
    const end = (e: TouchEvent) => {
      if (ignore) return;
      const t = e.changedTouches[0];
      const dx = t.clientX - x0;
      if (dx > SWIPE_BACK_PX && Math.abs(t.clientY - y0) < dx / 2) goBack();
    };
    window.addEventListener('touchstart', start, { passive: true });
    window.addEventListener('touchend', end, { passive: true });
    return () => {
      window.removeEventListener('touchstart', start);
      window.removeEventListener('touchend', end);
    };
  }, [goBack]);
  return null;
}
