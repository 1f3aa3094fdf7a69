/**
 * Responsive pictures, shared by the storefront (img srcset) and the server (the LCP preload in the head, which
 * must name the same candidates or the browser downloads the picture twice).
 *
 * An uploaded picture is stored as <base>.<ext> (at most 1600 px a side), <base>_m.webp (800 px) and
 * <base>_t.webp (400 px) — server/features/images/images.ts; a feed picture as <base>_t.webp and <base>_m.webp
 * (yml thumbnails). The sizes are found from the thumbnail's name: a thumbnail not named so (a remote URL, an
 * old row) gets a plain src.
 */
export const THUMB_SIDE = 400;
export const MIDDLE_SIDE = 800;
export const LARGE_SIDE = 1600;

/** Card column widths of .product-grid (2 columns on phones, 3 from 600 px, 4 from 1100 px in a 1240 px page). */
export const CARD_SIZES = '(min-width: 1100px) 300px, (min-width: 600px) 33vw, 50vw';
/** The item gallery: the whole width on phones and tablets, a 560 px column from 1100 px. */
export const GALLERY_SIZES = '(min-width: 1100px) 560px, 100vw';

export interface PictureSet {
  src: string;
  srcSet?: string;
  sizes?: string;
}

const THUMB_NAME = /^(?!https?:|data:|blob:)(.+)_t\.webp$/i;

/** The 800 px WebP beside a stored thumbnail, or null when the thumbnail is not one of ours. */
export function middleOf(thumb: string | null | undefined): string | null {
  const m = thumb ? THUMB_NAME.exec(thumb) : null;
  return m ? `${m[1]}_m.webp` : null;
}

/** A card's picture: the 400 px thumbnail, or the 800 px one where the card is drawn wider than 400 device pixels. */
export function cardPicture(url: (p: string) => string, thumb: string | null | undefined, picture?: string | null): PictureSet | null {
  const first = thumb || picture;
  if (!first) return null;
  const mid = middleOf(thumb);
  if (!mid) return { src: url(first) };
  return { src: url(thumb!), srcSet: `${url(thumb!)} ${THUMB_SIDE}w, ${url(mid)} ${MIDDLE_SIDE}w`, sizes: CARD_SIZES };
}

/** A big picture (item gallery, banner): 400, 800 and the stored original (at most 1600 px). */
export function largePicture(url: (p: string) => string, img: string | null | undefined, thumb: string | null | undefined, sizes: string = GALLERY_SIZES): PictureSet | null {
  if (!img) return null;
  const mid = middleOf(thumb);
  if (!mid) return { src: url(img) };
  return { src: url(img), srcSet: `${url(thumb!)} ${THUMB_SIDE}w, ${url(mid)} ${MIDDLE_SIDE}w, ${url(img)} ${LARGE_SIDE}w`, sizes };
}

/** A banner drawn at `widthPercent` of a page at most 1240 px wide. */
export function bannerSizes(widthPercent: number): string {
  const w = Math.max(1, Math.min(100, widthPercent || 100));
  return `(min-width: 1240px) ${Math.round((1240 * w) / 100)}px, ${Number(w.toFixed(2))}vw`;
}
