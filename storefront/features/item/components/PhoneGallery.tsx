import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
// Swiper's own styles come with the item page: the picture and bullets before the slider look like its own.
import 'swiper/css';
import 'swiper/css/pagination';
import { largePicture } from '../../../../schemas/rules/pictures';
import { imgUrl } from '../../../lib/config';
import { useHydrated } from '../../../lib/layout';
import { useT } from '../../../lib/i18n';
import type { OfferImage } from '../../../lib/types';
import type MobileGallery from './MobileGallery';
import GalleryImg from './GalleryImg';

type Slider = typeof MobileGallery;
/** Where the slider goes once it is up: the picture of a pressed bullet, or a step from a tap zone. */
type Go = number | 'prev' | 'next';

// Swiper is only needed by phones' item pages: its own chunk, evaluated when the page is idle.
let slider: Slider | null = null;
let loading: Promise<Slider> | null = null;
const loadSlider = (): Promise<Slider> =>
  (loading ??= import('./MobileGallery').then((m) => (slider = m.default)));

const whenIdle = (fn: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1500);
  return () => clearTimeout(id);
};

const pointerInit = (e: ReactPointerEvent): PointerEventInit => ({
  pointerId: e.pointerId,
  pointerType: e.pointerType,
  isPrimary: e.isPrimary,
  clientX: e.clientX,
  clientY: e.clientY,
  screenX: e.screenX,
  screenY: e.screenY,
  button: e.button,
  buttons: e.buttons,
  bubbles: true,
  cancelable: true,
  composed: true,
});

/**
 * Phones' pictures. The page comes with the first picture, the bullets and the tap zones in Swiper's own markup,
 * and Swiper (its init measured 80–185 ms at Lighthouse's 4x CPU, the item page's longest task) mounts on the
 * first touch, tap or key press there. A finger already on the picture is handed to the slider, so the first
 * swipe moves it; a tapped zone or bullet is carried out once it is up.
 */
export default function PhoneGallery({ images, name }: { images: OfferImage[]; name: string }) {
  const t = useT();
  // Rendered on the server and while hydrating: the same markup, without handlers.
  const interactive = useHydrated();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [Slider, setSlider] = useState<Slider | null>(null);
  const go = useRef<Go | null>(null);
  // The pointer that woke the slider while it is still down: replayed to the slider as its start.
  const pressed = useRef<PointerEventInit | null>(null);
  const total = images.length;

  useEffect(() => (interactive ? whenIdle(() => void loadSlider()) : undefined), [interactive]);

  const wake = () => {
    if (Slider) return;
    if (slider) setSlider(() => slider);
    else void loadSlider().then((s) => setSlider(() => s));
  };
  const step = (to: Go) => {
    if (swiper) return move(swiper, to);
    go.current = to;
    wake();
  };
  const onPointerDown = (e: ReactPointerEvent) => {
    if (Slider || (e.target as Element).closest('button')) return;
    // As the slider does with its own: else a mouse would drag the picture away and the slider lose the pointer.
    e.preventDefault();
    pressed.current = pointerInit(e);
    const up = () => {
      pressed.current = null;
      removeEventListener('pointerup', up);
      removeEventListener('pointercancel', up);
    };
    addEventListener('pointerup', up);
    addEventListener('pointercancel', up);
    wake();
  };
  const onSwiper = (s: SwiperInstance) => {
    setSwiper(s);
    if (go.current !== null) move(s, go.current);
    const p = pressed.current;
    const under = p && document.elementFromPoint(p.clientX!, p.clientY!);
    if (p && under && s.el.contains(under)) under.dispatchEvent(new PointerEvent('pointerdown', p));
  };

  const set = largePicture((p) => imgUrl(p)!, images[0].img, images[0].thumb)!;
  return (
    <div className="gallery gallery--mobile" onPointerDown={interactive ? onPointerDown : undefined}>
      {Slider ? (
        <Slider images={images} name={name} onSwiper={onSwiper} />
      ) : (
        // The slider's first slide in its frame (edge to edge): the slider later takes exactly its place.
        <div className="swiper swiper-horizontal gallery__swiper">
          <div className="swiper-wrapper">
            <div className="swiper-slide">
              <div className="gallery__main">
                <GalleryImg srcSet={set.srcSet} sizes={set.sizes} src={set.src} alt={t('gallery.picture_of', { name, n: 1, total })} width={800} height={800} fetchPriority="high" />
              </div>
            </div>
          </div>
          {total > 1 && (
            <div className="swiper-pagination swiper-pagination-clickable swiper-pagination-bullets swiper-pagination-horizontal">
              {images.map((im, i) => (
                <button
                  key={im.id}
                  type="button"
                  className={i ? 'swiper-pagination-bullet' : 'swiper-pagination-bullet swiper-pagination-bullet-active'}
                  aria-label={t('item.picture_n', { n: i + 1 })}
                  aria-current={i ? undefined : 'true'}
                  onClick={() => step(i)}
                />
              ))}
            </div>
          )}
        </div>
      )}
      {total > 1 && (
        <>
          <button type="button" className="gallery__zone gallery__zone--prev" aria-label={t('item.prev_picture')} onClick={() => step('prev')} />
          <button type="button" className="gallery__zone gallery__zone--next" aria-label={t('item.next_picture')} onClick={() => step('next')} />
        </>
      )}
    </div>
  );
}

function move(s: SwiperInstance, to: Go) {
  if (to === 'prev') s.slidePrev();
  else if (to === 'next') s.slideNext();
  else s.slideTo(to);
}
