import { memo } from 'react';
import { cardPicture } from '../../schemas/rules/pictures';
import { Link } from 'react-router';
import { imgUrl } from '../lib/config';
import { useT } from '../lib/i18n';
import type { OfferCard } from '../lib/types';
import Price from './Price';
import ProductImage, { type PictureLoad } from './ProductImage';
import { useSlots } from './Slots';
import './card.css';

/** A product in a list: picture (400 or 800 px WebP, as the screen needs), name, price (old price and discount), availability, the cart control and the card actions slots. */
function ProductCard({ card, href, load = 'lazy' }: { card: OfferCard; href: string; load?: PictureLoad }) {
  const t = useT();
  const { cardActions, cardCart } = useSlots();
  const unavailable = card.available === '0';
  return (
    <article className={unavailable ? 'card card--unavailable' : 'card'}>
      <Link to={href} className="card__link">
        <ProductImage set={cardPicture((p) => imgUrl(p)!, card.thumb, card.picture)} alt={card.name} load={load} decorative />
        <h3 className="card__name">{card.name}</h3>
      </Link>
      <div className="card__bottom">
        <Price price={card.price} oldprice={card.oldprice} currencyId={card.currencyId} />
        {unavailable && <p className="card__unavailable">{t('catalog.unavailable')}</p>}
        {cardCart?.(card)}
      </div>
      {cardActions && <div className="card__actions">{cardActions(card)}</div>}
    </article>
  );
}

export default memo(ProductCard);
