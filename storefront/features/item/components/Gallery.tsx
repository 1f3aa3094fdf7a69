import { lazy, Suspense } from 'react';
import { largePicture } from '../../../../schemas/rules/pictures';
import ProductImage from '../../../components/ProductImage';
import { imgUrl } from '../../../lib/config';
import { useT } from '../../../lib/i18n';
import { nextTask } from '../../../lib/nextTask';
import { hydrationWaitsFor } from '../../seo/hydrated';
import { GALLERY_WIDE_MIN, useHydrated, useIsWide } from '../../../lib/layout';
import type { OfferImage } from '../../../lib/types';
import DesktopGallery from './DesktopGallery';

// Swiper is only needed by phones' item pages: its own chunk. The chunk runs in one task and the slider mounts
// in the next: together they were one of the page's longest tasks (~240 ms at 4x CPU).
const MobileGallery = lazy(() => hydrationWaitsFor(import('./MobileGallery').then(async (m) => (await nextTask(), m))));

/**
 * The item's pictures: a swipe slider on phones (1023 px or less), a big picture with zoom and miniatures on wider
 * screens. Rendered on the server (width unknown): the phone's first picture and the wide gallery, the stylesheet
 * shows one; the slider (Swiper) comes after hydration, its first picture in place meanwhile.
 */
export default function Gallery({ images, name }: { images: OfferImage[]; name: string }) {
  const t = useT();
  const wide = useIsWide(GALLERY_WIDE_MIN);
  const hydrated = useHydrated();
  if (!images.length) return <ProductImage path={null} alt={name} />;
  if (wide) return <DesktopGallery images={images} />;
  const set = largePicture((p) => imgUrl(p)!, images[0].img, images[0].thumb)!;
  // In the slider's own frame (edge to edge), so the slider's first picture later takes exactly its place: no
  // shift, and no larger picture painted after the scripts (which would become the page's LCP).
  const first = (
    <div className="gallery gallery--mobile">
      <div className="gallery__main">
        <img srcSet={set.srcSet} sizes={set.sizes} src={set.src} alt={t('item.picture', { n: 1, total: images.length })} width={800} height={800} fetchPriority="high" />
      </div>
    </div>
  );
  if (wide === null)
    return (
      <>
        <div className="gallery-narrow-only">{first}</div>
        <div className="gallery-wide-only">
          <DesktopGallery images={images} />
        </div>
      </>
    );
  return images.length === 1 || !hydrated ? (
    first
  ) : (
    <Suspense fallback={first}>
      <MobileGallery images={images} />
    </Suspense>
  );
}
