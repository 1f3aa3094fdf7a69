import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { largePicture } from '../../../../schemas/rules/pictures';
import { imgUrl } from '../../../lib/config';
import { isRtl, useT } from '../../../lib/i18n';
import type { OfferImage } from '../../../lib/types';
import GalleryImg from './GalleryImg';

/** Swiper speed from the seed. */
export const SWIPE_SPEED_MS = 200;

/** Phones' swipe slider with pagination bullets (PhoneGallery mounts it and keeps the tap zones). */
export default function MobileGallery({ images, name, onSwiper }: { images: OfferImage[]; name: string; onSwiper: (s: SwiperInstance) => void }) {
  const t = useT();
  const total = images.length;
  return (
    <Swiper
      className="gallery__swiper"
      modules={[Pagination, A11y]}
      speed={SWIPE_SPEED_MS}
      dir={isRtl() ? 'rtl' : 'ltr'}
      pagination={{ clickable: true }}
      a11y={{
        paginationBulletMessage: t('item.picture_n', { n: '{{index}}' }),
        slideLabelMessage: t('item.picture', { n: '{{index}}', total: '{{slidesLength}}' }),
        prevSlideMessage: t('item.prev_picture'),
        nextSlideMessage: t('item.next_picture'),
      }}
      onSwiper={onSwiper}
    >
      {images.map((im, i) => {
        const set = largePicture((p) => imgUrl(p)!, im.img, im.thumb)!;
        return (
          <SwiperSlide key={im.id}>
            <div className="gallery__main">
              <GalleryImg loading={i === 0 ? 'eager' : 'lazy'} srcSet={set.srcSet} sizes={set.sizes} src={set.src} alt={t('gallery.picture_of', { name, n: i + 1, total })} width={800} height={800} fetchPriority={i === 0 ? 'high' : undefined} />
            </div>
          </SwiperSlide>
        );
      })}
    </Swiper>
  );
}
