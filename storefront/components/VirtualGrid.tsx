import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useHydrated } from '../lib/layout';

/**
 * A windowed grid over the page's own scroll: only the rows near the window are in the DOM; the rows
 * above and below are the list's padding, so the page keeps its full height (the scroll bar, the
 * next-page check 400 px from the bottom and scroll restoration all see the whole list).
 *
 * The stylesheet decides the columns (`.product-grid` media queries); the grid reads them back from the
 * computed style, measures each rendered row and estimates the others from the rows it has seen (at
 * least the seed's 156 px). `buffer` px of rows are kept beyond each edge of the window (2000 on the
 * category list, as in the seed).
 */
export const MIN_ITEM_PX = 156;
/** A row's height before any row was measured (a phone's card is about this tall). */
const ESTIMATE_PX = 320;
/** The window's height assumed for a server-rendered list: with the buffer, at least a first page of 20 cards in 2 columns. */
const SERVER_WINDOW_PX = 1200;

export interface VirtualGridHandle {
  /** The first item in view and its top relative to the window's top. */
  anchor(): { index: number; top: number } | null;
  /** Scrolls so that item `index` is `top` px below the window's top (corrected as rows get measured). */
  scrollToIndex(index: number, top: number): void;
}

export interface VirtualGridProps<T> {
  items: T[];
  keyOf: (item: T) => string;
  render: (item: T, index: number) => ReactNode;
  label: string;
  buffer?: number;
  className?: string;
  ref?: Ref<VirtualGridHandle>;
}

interface Layout {
  cols: number;
  gap: number;
  /** Measured row heights (undefined: not seen yet). */
  heights: (number | undefined)[];
}

function readColumns(el: HTMLElement): { cols: number; gap: number } {
  const style = getComputedStyle(el);
  const tracks = style.gridTemplateColumns.split(/\s+/).filter((t) => t && t !== 'none').length;
  const gap = parseFloat(style.rowGap) || 0;
  return { cols: Math.max(1, tracks || 1), gap };
}

/** Row tops (index rows+1 is the bottom of the last row plus its gap). */
function rowTops(layout: Layout, rows: number): number[] {
  const seen = layout.heights.filter((h): h is number => h !== undefined);
  const estimate = Math.max(MIN_ITEM_PX, seen.length ? seen.reduce((a, b) => a + b, 0) / seen.length : ESTIMATE_PX);
  const tops = new Array<number>(rows + 1);
  tops[0] = 0;
  for (let r = 0; r < rows; r++) tops[r + 1] = tops[r] + (layout.heights[r] ?? estimate) + layout.gap;
  return tops;
}

/** Rows [first, last] that meet the window widened by `buffer`. */
function visibleRows(tops: number[], viewTop: number, viewBottom: number): [number, number] {
  const rows = tops.length - 1;
  if (rows <= 0) return [0, -1];
  let first = 0;
  while (first < rows - 1 && tops[first + 1] <= viewTop) first++;
  let last = first;
  while (last < rows - 1 && tops[last + 1] < viewBottom) last++;
  return [first, last];
}

export default function VirtualGrid<T>({ items, keyOf, render, label, buffer = 2000, className = 'product-grid', ref }: VirtualGridProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const layout = useRef<Layout>({ cols: 2, gap: 8, heights: [] });
  // On the server and while hydrating, the window is not known: a first page's rows (20 cards), the same on both.
  const hydrated = useHydrated();
  const [range, setRange] = useState<[number, number]>(() => {
    const h = !hydrated || typeof window === 'undefined' ? SERVER_WINDOW_PX : window.innerHeight;
    return [0, Math.ceil((h + buffer) / ESTIMATE_PX)];
  });
  const [, setVersion] = useState(0);
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const count = items.length;

  const rows = Math.ceil(count / layout.current.cols);
  const tops = rowTops(layout.current, rows);
  const first = Math.min(range[0], Math.max(0, rows - 1));
  const last = Math.min(range[1], rows - 1);
  const start = first * layout.current.cols;
  const end = Math.min(count, (last + 1) * layout.current.cols);
  const padTop = rows ? tops[first] : 0;
  const padBottom = rows && last >= first ? tops[rows] - tops[last + 1] : 0;

  /**
   * The product at the top of the window and where it was: when rows above it change height (measured
   * for the first time, the estimate moved), the page scrolls by as much, so what the reader sees stays
   * put. (The browser's own scroll anchoring does not help: it stops when the list's padding changes.)
   */
  const anchorRef = useRef<{ index: number; top: number; y: number } | null>(null);
  const readAnchor = () => {
    const el = listRef.current;
    anchorRef.current = null;
    if (!el) return;
    for (const child of Array.from(el.children) as HTMLElement[]) {
      const rect = child.getBoundingClientRect();
      if (rect.top >= window.innerHeight) break;
      if (rect.bottom > 1) {
        anchorRef.current = { index: Number(child.getAttribute('aria-posinset')) - 1, top: rect.top, y: window.scrollY };
        break;
      }
    }
  };

  /** Works out the rows to render from the window's position; re-renders only when they change. */
  const update = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    readAnchor();
    const l = layout.current;
    const n = Math.ceil(count / l.cols);
    // An empty list keeps its first guess: the first page then renders at once, with its full height.
    if (n === 0) return;
    const t = rowTops(l, n);
    const listTop = el.getBoundingClientRect().top;
    const next = visibleRows(t, -listTop - buffer, window.innerHeight - listTop + buffer);
    const [a, b] = rangeRef.current;
    if (next[0] !== a || next[1] !== b) setRange(next);
  }, [count, buffer]);

  // After each render: read the columns, measure the rendered rows, then the range for the window.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const prev = anchorRef.current;
    if (prev && prev.y > 0 && Math.abs(window.scrollY - prev.y) < 0.5) {
      const item = el.querySelector<HTMLElement>(`[aria-posinset="${prev.index + 1}"]`);
      const diff = item ? item.getBoundingClientRect().top - prev.top : 0;
      if (Math.abs(diff) >= 0.5) window.scrollBy(0, diff);
    }
    readAnchor();
    const l = layout.current;
    const { cols, gap } = readColumns(el);
    let changed = false;
    if (cols !== l.cols) {
      l.cols = cols;
      l.heights = [];
      changed = true;
    }
    l.gap = gap;
    const children = el.children;
    for (let r = first; r <= last; r++) {
      const child = children[(r - first) * cols] as HTMLElement | undefined;
      if (!child) break;
      const h = child.getBoundingClientRect().height;
      if (h > 0 && Math.abs((l.heights[r] ?? -1) - h) > 0.5) {
        l.heights[r] = h;
        changed = true;
      }
    }
    if (changed) setVersion((v) => v + 1);
    else update();
  });

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    // A width change (sidebar, rotation) changes the columns and the row heights.
    let width = -1;
    const ro =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(([entry]) => {
            if (Math.abs(entry.contentRect.width - width) < 0.5) return;
            width = entry.contentRect.width;
            setVersion((v) => v + 1);
          });
    if (ro && listRef.current) ro.observe(listRef.current);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      ro?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [update]);

  useImperativeHandle(
    ref,
    () => ({
      anchor() {
        const el = listRef.current;
        if (!el) return null;
        for (const child of Array.from(el.children) as HTMLElement[]) {
          const rect = child.getBoundingClientRect();
          if (rect.bottom > 1) return { index: Number(child.getAttribute('aria-posinset')) - 1, top: rect.top };
        }
        return null;
      },
      scrollToIndex(index, top) {
        const el = listRef.current;
        if (!el) return;
        const l = layout.current;
        const row = Math.floor(index / l.cols);
        const t = rowTops(l, Math.ceil(count / l.cols));
        window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY + (t[row] ?? 0) - top);
        // The rows above were estimated: once the item is rendered and measured, put it exactly in place.
        let tries = 0;
        let still = 0;
        const correct = () => {
          const item = el.querySelector<HTMLElement>(`[aria-posinset="${index + 1}"]`);
          if (item) {
            const diff = item.getBoundingClientRect().top - top;
            if (Math.abs(diff) > 1) {
              window.scrollBy(0, diff);
              still = 0;
            } else still++;
          }
          if (still < 3 && ++tries < 30) requestAnimationFrame(correct);
        };
        requestAnimationFrame(correct);
      },
    }),
    [count],
  );

  return (
    <ul
      ref={listRef}
      className={className}
      aria-label={label}
      style={{ paddingTop: padTop || undefined, paddingBottom: padBottom || undefined }}
    >
      {items.slice(start, end).map((item, i) => (
        <li key={keyOf(item)} aria-posinset={start + i + 1} aria-setsize={count}>
          {render(item, start + i)}
        </li>
      ))}
    </ul>
  );
}
