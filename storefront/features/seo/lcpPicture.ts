/**
 * Resolves once the page's LCP picture (the one the server marked fetchpriority="high") has loaded and had a
 * frame to be drawn in, or after `capMs`. Hydrating is the load's longest task (React's pass over the whole
 * page), and a picture that arrives during it is drawn only after it. A
 * tap meanwhile is kept by the tap queue (server/features/seo/tapQueue.ts); the cap keeps a slow or lost
 * picture from holding the app back.
 */
export function lcpPictureDrawn(container: HTMLElement, capMs = 1500): Promise<void> {
  const img = container.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!img) return Promise.resolve();
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const drawn = () => {
      clearTimeout(timer);
      requestAnimationFrame(() => setTimeout(resolve, 0));
    };
    if (img.complete) return drawn();
    timer = setTimeout(drawn, capMs);
    img.addEventListener('load', drawn, { once: true });
    img.addEventListener('error', drawn, { once: true });
  });
}
