import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { ListError } from '../lib/pagedList';
import { rememberedScroll, rememberScroll, type ScrollMemory } from '../lib/scroll';
import type { OfferCard } from '../lib/types';
import { useT } from '../lib/i18n';
import Loader from './Loader';
import NoConnection from './NoConnection';
import ProductCard from './ProductCard';
import VirtualGrid, { type VirtualGridHandle } from './VirtualGrid';
import './lists.css';

export const NEAR_END_PX = 400;

export interface ProductListProps {
  items: OfferCard[];
  status: 'idle' | 'loading' | 'failed';
  error: ListError | null;
  end: boolean;
  empty: boolean;
  /** Loaded at least once (an empty list before the first answer is not 'empty'). */
  loaded: boolean;
  /** Pages loaded (remembered with the scroll position, so a reloaded tab loads as many again). */
  pages: number;
  hrefOf: (card: OfferCard) => string;
  /** Asks for the next page; called `pagingDelay` ms after the reader comes within 400 px of the end. */
  onNearEnd: () => void;
  onRetry: () => void;
  pagingDelay: number;
  /** Where the scroll position is remembered (lib/scroll); none: the list starts at the top. */
  scrollKey?: string;
  /** Rows kept rendered beyond the window (px). */
  buffer?: number;
  emptyText?: string;
  label?: string;
  /** Shown above the grid while the list is the locally cached first page (no network). */
  notice?: string;
}

/**
 * Cards whose pictures load with the page: a phone's first screen (two rows of two) and a 1280 px screen's
 * (two rows of four). A lazy one on the first screen painted last and, a pixel larger than the first (whose
 * row sits at a fractional offset), became the page's LCP after the scripts (issue 13).
 */
const FIRST_SCREEN_CARDS = 8;

/**
 * A paged, windowed grid of product cards (components/VirtualGrid) that asks for the next page near the
 * bottom, with the list's panels. With a `scrollKey` it puts the reader back where they left the list:
 * the same product at the same height, loading the pages up to it again when the tab was reloaded.
 */
export default function ProductList(props: ProductListProps) {
  const { items, status, error, end, empty, loaded, pages, hrefOf, onNearEnd, onRetry, pagingDelay, scrollKey, buffer, emptyText, label, notice } = props;
  const t = useT();
  const nearEnd = useRef(onNearEnd);
  nearEnd.current = onNearEnd;
  const grid = useRef<VirtualGridHandle>(null);
  const canLoad = loaded && status === 'idle' && !end && !error;

  // Scroll memory: read when the list (key) opens, restored once the anchor product is loaded, saved on leaving.
  const memory = useRef<{ key?: string; saved?: ScrollMemory; restored: boolean }>({ restored: false });
  if (memory.current.key !== scrollKey) memory.current = { key: scrollKey, saved: scrollKey ? rememberedScroll(scrollKey) : undefined, restored: !scrollKey };
  const pagesRef = useRef(pages);
  pagesRef.current = pages;
  const restoring = !memory.current.restored && !!memory.current.saved?.anchor && items.length <= memory.current.saved.anchor;

  useLayoutEffect(() => {
    const m = memory.current;
    if (m.restored || !loaded) return;
    const saved = m.saved;
    if (!saved) {
      m.restored = true;
      window.scrollTo(0, 0);
      return;
    }
    // Wait for the pages up to the anchor (the effect below asks for them), unless the list ends first.
    if (saved.anchor !== undefined && items.length <= saved.anchor && !end && !error) return;
    m.restored = true;
    if (saved.anchor !== undefined && items.length > saved.anchor && grid.current) grid.current.scrollToIndex(saved.anchor, saved.anchorTop ?? 0);
    else window.scrollTo(0, saved.y);
  }, [loaded, items.length, end, error, scrollKey]);

  // A reloaded tab: load the pages the reader had, one after another, before putting them back in place.
  useEffect(() => {
    if (restoring && canLoad) nearEnd.current();
  }, [restoring, canLoad, items.length]);

  const save = useCallback(() => {
    const m = memory.current;
    if (!m.key || !m.restored) return;
    const a = grid.current?.anchor();
    rememberScroll(m.key, { y: window.scrollY, anchor: a?.index, anchorTop: a?.top, pages: pagesRef.current });
  }, []);
  useLayoutEffect(() => {
    if (!scrollKey) return;
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [scrollKey, save]);

  useEffect(() => {
    if (!canLoad || restoring) return;
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
  }, [canLoad, restoring, items.length, pagingDelay]);

  const render = useCallback((card: OfferCard, i: number) => <ProductCard card={card} href={hrefOf(card)} load={i === 0 ? 'lcp' : i < FIRST_SCREEN_CARDS ? 'eager' : 'lazy'} />, [hrefOf]);

  if (error && items.length === 0) return <NoConnection onRetry={onRetry} serverError={error === 'server_error'} />;
  if (empty && status !== 'loading') return <p className="empty">{emptyText ?? t('common.empty_list')}</p>;
  return (
    <>
      {notice && items.length > 0 && (
        <p className="list-notice" role="note">
          {notice}
        </p>
      )}
      {/* The cards' names are h3: the list has its h2 (the page's h1 is above it). */}
      <h2 className="visually-hidden">{label ?? t('catalog.products')}</h2>
      <VirtualGrid ref={grid} items={items} keyOf={keyOf} render={render} label={label ?? t('catalog.products')} buffer={buffer} />
      {status === 'loading' && (items.length ? <Loader delay={300} inline /> : <Loader />)}
      {error && items.length > 0 && <NoConnection onRetry={onRetry} serverError={error === 'server_error'} />}
    </>
  );
}

const keyOf = (card: OfferCard) => card.id;
