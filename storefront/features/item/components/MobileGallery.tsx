import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { largePicture } from '../../../../schemas/rules/pictures';
import { imgUrl } from '../../../lib/config';
import { isRtl, useT } from '../../../lib/i18n';
import type { OfferImage } from '../../../lib/types';

/** Swiper speed from the seed. */
export const SWIPE_SPEED_MS = 200;

/** Phones: a swipe slider with pagination bullets and tap zones for the previous and next picture. */
export default function MobileGallery({ images }: { images: OfferImage[] }) {
  const t = useT();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const total = images.length;
  return (
    <div className="gallery gallery--mobile">
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
        onSwiper={setSwiper}
      >
        {images.map((im, i) => {
          const set = largePicture((p) => imgUrl(p)!, im.img, im.thumb)!;
          return (
            <SwiperSlide key={im.id}>
              <div className="gallery__main">
                <img loading={i === 0 ? 'eager' : 'lazy'} srcSet={set.srcSet} sizes={set.sizes} src={set.src} alt={t('item.picture', { n: i + 1, total })} width={800} height={800} fetchPriority={i === 0 ? 'high' : undefined} />
              </div>
            </SwiperSlide>
          );
        })}
      </Swiper>
      <button type="button" className="gallery__zone gallery__zone--prev" aria-label={t('item.prev_picture')} onClick={() => swiper?.slidePrev()} />
      <button type="button" className="gallery__zone gallery__zone--next" aria-label={t('item.next_picture')} onClick={() => swiper?.slideNext()} />
    </div>
  );
}
