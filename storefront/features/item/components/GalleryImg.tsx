import { useCallback, useState, type ImgHTMLAttributes, type Ref } from 'react';

/**
 * A picture of the item gallery: one that does not load (a feed's dead link) shows the placeholder stub the cards
 * show (components/ProductImage.tsx), not the browser's broken image with its alt text. Keyed by its address, so
 * another picture chosen in the same frame loads again; a server-rendered picture that failed before the app
 * hydrated (its error event missed) is seen on mount.
 */
export default function GalleryImg({ imgRef, alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string; imgRef?: Ref<HTMLImageElement> }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = props.src ?? '';
  const seen = useCallback(
    (img: HTMLImageElement | null) => {
      if (typeof imgRef === 'function') imgRef(img);
      else if (imgRef) (imgRef as { current: HTMLImageElement | null }).current = img;
      if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(img.getAttribute('src'));
    },
    [imgRef],
  );
  if (failed === src)
    return (
      <div className="product-image__stub" role="img" aria-label={alt}>
        <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
          <path d="M4 5h16v14H4zM4 15l4.5-4.5 4 4 2.5-2.5L20 17M15.5 9.2a.7.7 0 1 0 0-.1" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </div>
    );
  return <img {...props} alt={alt} ref={seen} onError={() => setFailed(src)} />;
}
