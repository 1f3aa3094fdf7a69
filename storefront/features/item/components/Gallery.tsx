import ProductImage from '../../../components/ProductImage';
import { GALLERY_WIDE_MIN, useIsWide } from '../../../lib/layout';
import type { OfferImage } from '../../../lib/types';
import DesktopGallery from './DesktopGallery';
import PhoneGallery from './PhoneGallery';

/**
 * The item's pictures: a swipe slider on phones (1023 px or less), a big picture with zoom and miniatures on wider
 * screens. Rendered on the server (width unknown): the phone's first picture with its bullets and the wide gallery,
 * the stylesheet shows one; on phones the slider (Swiper) mounts on the first touch (PhoneGallery).
 */
export default function Gallery({ images, name }: { images: OfferImage[]; name: string }) {
  const wide = useIsWide(GALLERY_WIDE_MIN);
  if (!images.length) return <ProductImage path={null} alt={name} />;
  if (wide) return <DesktopGallery images={images} name={name} />;
  if (wide === null)
    return (
      <>
        <div className="gallery-narrow-only">
          <PhoneGallery images={images} name={name} />
        </div>
        <div className="gallery-wide-only">
          <DesktopGallery images={images} name={name} />
        </div>
      </>
    );
  return <PhoneGallery images={images} name={name} />;
}
