import { useState } from 'react';
import ProductImage from '../../../components/ProductImage';
import { imgUrl } from '../../../lib/config';
import { useT } from '../../../lib/i18n';
import type { OfferImage } from '../../../lib/types';

/** The item's pictures: the chosen one large, the miniatures to pick from. */
export default function Gallery({ images, name }: { images: OfferImage[]; name: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  if (!images.length) return <ProductImage path={null} alt={name} />;
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className="gallery">
      <div className="gallery__main">
        <img src={imgUrl(current.img)} alt={t('item.picture', { n: index + 1, total: images.length })} width={800} height={800} />
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((im, i) => (
            <li key={im.id}>
              <button type="button" className={i === index ? 'gallery__thumb is-active' : 'gallery__thumb'} onClick={() => setIndex(i)} aria-label={t('item.picture', { n: i + 1, total: images.length })} aria-pressed={i === index}>
                <img src={imgUrl(im.thumb || im.img)} alt="" width={96} height={96} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
