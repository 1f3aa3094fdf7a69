import { useEffect, useRef, useState, type MouseEvent } from 'react';
import Icon from '../../../components/Icon';
import { largePicture } from '../../../../schemas/rules/pictures';
import { imgUrl } from '../../../lib/config';
import { useT } from '../../../lib/i18n';
import type { OfferImage } from '../../../lib/types';
import GalleryImg from './GalleryImg';

/** The seed's gallery constants: a 164 px zoom lens, miniatures 122 px apart, floor((width − 60) / 122) of them, else 3. */
export const LENS_PX = 164;
/** The picture column of the wide item page (item.css). */
const GALLERY_COLUMN_PX = 560;
export const MINIATURE_PX = 122;
export const miniatureCount = (pictureWidth: number) => (pictureWidth > 0 ? Math.max(1, Math.floor((pictureWidth - 60) / MINIATURE_PX)) : 3);

interface Lens {
  x: number;
  y: number;
  /** The zoom pane's side: beside the picture, as large as fits the window. */
  pane: number;
  /** The picture's drawn box inside the frame (object-fit: contain). */
  box: { left: number; top: number; width: number; height: number };
}

/** Wide screens: the chosen picture large, a lens that zooms on hover, and a strip of miniatures. */
export default function DesktopGallery({ images, name }: { images: OfferImage[]; name: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [start, setStart] = useState(0);
  const [width, setWidth] = useState(0);
  const [lens, setLens] = useState<Lens | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const img = useRef<HTMLImageElement>(null);
  const total = images.length;
  const current = images[Math.min(index, total - 1)];
  // Before the frame is measured (a server-rendered page), the wide layout's 560 px column: no shift after.
  const count = miniatureCount(width || GALLERY_COLUMN_PX);
  const visible = Math.min(count, total);
  const first = Math.min(start, Math.max(0, total - visible));

  useEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);

  const choose = (i: number) => {
    setIndex(i);
    if (i < first) setStart(i);
    else if (i >= first + visible) setStart(i - visible + 1);
  };

  const onMove = (e: MouseEvent) => {
    const f = frame.current?.getBoundingClientRect();
    const im = img.current;
    if (!f || !im || !im.naturalWidth) return;
    // Where the picture is drawn inside the square frame.
    const scale = Math.min(f.width / im.naturalWidth, f.height / im.naturalHeight);
    const bw = im.naturalWidth * scale;
    const bh = im.naturalHeight * scale;
    const box = { left: (f.width - bw) / 2, top: (f.height - bh) / 2, width: bw, height: bh };
    const size = Math.min(LENS_PX, bw, bh);
    const x = Math.max(box.left, Math.min(e.clientX - f.left - size / 2, box.left + bw - size));
    const y = Math.max(box.top, Math.min(e.clientY - f.top - size / 2, box.top + bh - size));
    const pane = Math.round(Math.max(LENS_PX * 1.5, Math.min(f.width, window.innerWidth - f.right - 64)));
    setLens({ x, y, box, pane });
  };

  // The zoom pane shows the original; the frame takes the size it needs.
  const src = imgUrl(current.img);
  const set = largePicture((p) => imgUrl(p)!, current.img, current.thumb)!;
  const factor = lens ? lens.pane / LENS_PX : 1;

  return (
    <div className="gallery gallery--desktop">
      <div className="gallery__main gallery__main--zoom" ref={frame} onMouseMove={onMove} onMouseLeave={() => setLens(null)}>
        <GalleryImg imgRef={img} srcSet={set.srcSet} sizes={set.sizes} src={set.src} alt={t('gallery.picture_of', { name, n: index + 1, total })} width={800} height={800} fetchPriority={index === 0 ? 'high' : undefined} />
        {lens && <div className="gallery__lens" aria-hidden="true" style={{ width: LENS_PX, height: LENS_PX, transform: `translate(${lens.x}px, ${lens.y}px)` }} />}
        {lens && (
          <div
            className="gallery__zoom"
            role="img"
            aria-label={t('item.zoom')}
            style={{
              width: lens.pane,
              height: lens.pane,
              backgroundImage: `url("${src}")`,
              backgroundSize: `${lens.box.width * factor}px ${lens.box.height * factor}px`,
              backgroundPosition: `${-(lens.x - lens.box.left) * factor}px ${-(lens.y - lens.box.top) * factor}px`,
            }}
          />
        )}
      </div>
      {total > 1 && (
        <div className="gallery__strip">
          {total > visible && (
            <button type="button" className="gallery__arrow" onClick={() => setStart(Math.max(0, first - 1))} disabled={first === 0} aria-label={t('item.prev_picture')}>
              <Icon name="back" size={20} className="flip-rtl" />
            </button>
          )}
          <ul className="gallery__thumbs" aria-label={t('item.pictures')}>
            {images.slice(first, first + visible).map((im, k) => {
              const i = first + k;
              return (
                <li key={im.id}>
                  <button type="button" className={i === index ? 'gallery__thumb is-active' : 'gallery__thumb'} onClick={() => choose(i)} onMouseEnter={() => choose(i)} aria-label={t('item.picture', { n: i + 1, total })} aria-pressed={i === index}>
                    <img src={imgUrl(im.thumb || im.img)} alt="" width={110} height={110} loading="lazy" />
                  </button>
                </li>
              );
            })}
          </ul>
          {total > visible && (
            <button type="button" className="gallery__arrow" onClick={() => setStart(Math.min(total - visible, first + 1))} disabled={first + visible >= total} aria-label={t('item.next_picture')}>
              <Icon name="forward" size={20} className="flip-rtl" />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
