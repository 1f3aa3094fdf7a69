import { useCallback, useState } from 'react';
import type { PictureSet } from '../../schemas/rules/pictures';
import { imgUrl } from '../lib/config';
import './card.css';

/**
 * A product picture in a square box whose size is known before the picture loads (nothing shifts);
 * a failed or missing picture shows the placeholder stub. With `set` the browser picks the size it needs
 * (srcset of WebP thumbnails, schemas/rules/pictures.ts). `load`: 'lcp' is the page's largest picture (eager,
 * high priority), 'eager' one of its first screen (loaded with the page, so a later one does not paint last
 * and become the LCP), else lazy.
 */
/** How a picture loads: the page's LCP (eager, high priority), one of its first screen (eager), or lazy. */
export type PictureLoad = 'lcp' | 'eager' | 'lazy';

export default function ProductImage({
  path,
  set,
  alt,
  load = 'lazy',
  size = 400,
  decorative = false,
}: {
  path?: string | null;
  set?: PictureSet | null;
  alt: string;
  load?: PictureLoad;
  size?: number;
  /** The name is next to it (cards, lines): the alt text is for search engines, hidden from screen readers (no name read twice). */ decorative?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const src = set?.src ?? imgUrl(path);
  // A server-rendered picture may have failed before the app hydrated (its error event was missed): seen on mount.
  const seen = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, []);
  return (
    <div className="product-image">
      {src && !failed ? (
        <img loading={load === 'lazy' ? 'lazy' : 'eager'} srcSet={set?.srcSet} sizes={set?.sizes} src={src} alt={alt} aria-hidden={decorative || undefined} width={size} height={size} fetchPriority={load === 'lcp' ? 'high' : undefined} decoding="async" onError={() => setFailed(true)} ref={seen} />
      ) : (
        <div className="product-image__stub" role="img" aria-label={alt}>
          <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
            <path d="M4 5h16v14H4zM4 15l4.5-4.5 4 4 2.5-2.5L20 17M15.5 9.2a.7.7 0 1 0 0-.1" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </div>
      )}
    </div>
  );
}
