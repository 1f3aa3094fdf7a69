import { useEffect, useRef } from 'react';
import type { ListError } from '../lib/pagedList';
import type { OfferCard } from '../lib/types';
import { useT } from '../lib/i18n';
import Loader from './Loader';
import NoConnection from './NoConnection';
import ProductCard from './ProductCard';

export const NEAR_END_PX = 400;

export interface ProductListProps {
  items: OfferCard[];
  status: 'idle' | 'loading' | 'failed';
  error: ListError | null;
  end: boolean;
  empty: boolean;
  /** Loaded at least once (an empty list before the first answer is not 'empty'). */
  loaded: boolean;
  hrefOf: (card: OfferCard) => string;
  /** Asks for the next page; called `pagingDelay` ms after the reader comes within 400 px of the end. */
  onNearEnd: () => void;
  onRetry: () => void;
  pagingDelay: number;
  emptyText?: string;
  label?: string;
}

/** A paged grid of product cards that asks for the next page near the bottom, with the list's panels. */
export default function ProductList(props: ProductListProps) {
  const { items, status, error, end, empty, loaded, hrefOf, onNearEnd, onRetry, pagingDelay, emptyText, label } = props;
  const t = useT();
  const nearEnd = useRef(onNearEnd);
  nearEnd.current = onNearEnd;
  const canLoad = loaded && status === 'idle' && !end && !error;

  useEffect(() => {
    if (!canLoad) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const doc = document.documentElement;
      const left = doc.scrollHeight - (window.scrollY + window.innerHeight);
      if (left < NEAR_END_PX) {
        if (timer === undefined) timer = setTimeout(() => nearEnd.current(), pagingDelay);
      } else if (timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [canLoad, items.length, pagingDelay]);

  if (error && items.length === 0) return <NoConnection onRetry={onRetry} serverError={error === 'server_error'} />;
  if (empty && status !== 'loading') return <p className="empty">{emptyText ?? t('common.empty_list')}</p>;
  return (
    <>
      <ul className="product-grid" aria-label={label ?? t('catalog.products')}>
        {items.map((card, i) => (
          <li key={card.id}>
            <ProductCard card={card} href={hrefOf(card)} eager={i < 4} />
          </li>
        ))}
      </ul>
      {status === 'loading' && (items.length ? <Loader delay={300} inline /> : <Loader />)}
      {error && items.length > 0 && <NoConnection onRetry={onRetry} serverError={error === 'server_error'} />}
    </>
  );
}
