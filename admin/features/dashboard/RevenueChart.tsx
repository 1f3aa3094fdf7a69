import { useLayoutEffect, useRef, useState } from 'react';
import { Box, useTheme } from '@mui/material';
import { alignedWholeTicks, labelEvery, niceTicks } from './chartScale';

export interface ChartPoint {
  bucket: string;
  revenue: number;
  orders: number;
}

const M = { top: 32, right: 44, bottom: 28, left: 64 };

/**
 * The dashboard's bar chart: revenue (left axis) and orders (right axis) per day, week or month, drawn as
 * plain SVG in a few hundred bytes. @mui/x-charts drew it before at 91 KB gzipped, a quarter of the panel's
 * first screen (issue 13: at most 350 KB). Hovering a bucket shades it and shows its figures (the SVG <title>); the
 * figures themselves are read out by the box's aria-label. The box keeps its height while it measures its
 * width, so nothing below moves.
 */
export function RevenueChart({
  data,
  height = 280,
  revenueLabel,
  ordersLabel,
  money,
  bucketLabel,
  locale,
}: {
  data: ChartPoint[];
  height?: number;
  revenueLabel: string;
  ordersLabel: string;
  money: (n: number) => string;
  bucketLabel: (bucket: string) => string;
  locale: string;
}) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // The theme's primary and secondary are both blue: orders take the warning orange to stand apart.
  const colours = { revenue: theme.palette.primary.main, orders: theme.palette.warning.main };
  const text = { fill: theme.palette.text.secondary, fontSize: 12, fontFamily: theme.typography.fontFamily };
  const plotW = Math.max(width - M.left - M.right, 1);
  const plotH = height - M.top - M.bottom;
  const revTicks = niceTicks(Math.max(...data.map((d) => d.revenue), 0));
  // Orders in whole steps on the same grid lines as the revenue.
  const ordTicks = alignedWholeTicks(Math.max(...data.map((d) => d.orders), 0), revTicks.length - 1);
  const revMax = revTicks[revTicks.length - 1];
  const ordMax = ordTicks[ordTicks.length - 1];
  const y = (v: number, max: number) => M.top + plotH - (v / max) * plotH;
  const band = plotW / Math.max(data.length, 1);
  const bar = Math.max(Math.min(band * 0.36, 40), 1);
  const every = labelEvery(data.length, plotW);
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });

  return (
    <Box ref={box} sx={{ width: '100%', height, '& .bucket:hover > .band': { fill: theme.palette.action.hover } }}>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" style={{ display: 'block', direction: 'ltr' }}>
          {/* The legend, top left. */}
          {[
            [revenueLabel, colours.revenue],
            [ordersLabel, colours.orders],
          ].map(([label, colour], i) => (
            <g key={label} transform={`translate(${M.left + (i ? revenueLabel.length * 7 + 36 : 0)}, 8)`}>
              <rect width={12} height={12} rx={2} fill={colour} />
              <text x={18} y={10.5} {...text} fill={theme.palette.text.primary}>
                {label}
              </text>
            </g>
          ))}
          {revTicks.map((t) => (
            <g key={t}>
              <line x1={M.left} x2={M.left + plotW} y1={y(t, revMax)} y2={y(t, revMax)} stroke={theme.palette.divider} />
              <text x={M.left - 6} y={y(t, revMax) + 4} textAnchor="end" {...text}>
                {compact.format(t)}
              </text>
            </g>
          ))}
          {ordTicks.map((t) => (
            <text key={t} x={M.left + plotW + 6} y={y(t, ordMax) + 4} {...text}>
              {compact.format(t)}
            </text>
          ))}
          {data.map((d, i) => {
            const x = M.left + i * band + band / 2;
            return (
              <g key={d.bucket} className="bucket">
                <title>{`${bucketLabel(d.bucket)}: ${revenueLabel} ${money(d.revenue)}, ${ordersLabel} ${d.orders}`}</title>
                {/* The whole band answers the hover, not only the bars. */}
                <rect className="band" x={x - band / 2} y={M.top} width={band} height={plotH} fill="transparent" />
                <rect x={x - bar - 1} y={y(d.revenue, revMax)} width={bar} height={M.top + plotH - y(d.revenue, revMax)} fill={colours.revenue} />
                <rect x={x + 1} y={y(d.orders, ordMax)} width={bar} height={M.top + plotH - y(d.orders, ordMax)} fill={colours.orders} />
                {i % every === 0 && (
                  <text x={x} y={M.top + plotH + 18} textAnchor="middle" {...text}>
                    {bucketLabel(d.bucket)}
                  </text>
                )}
              </g>
            );
          })}
          <line x1={M.left} x2={M.left + plotW} y1={M.top + plotH} y2={M.top + plotH} stroke={theme.palette.text.secondary} />
        </svg>
      )}
    </Box>
  );
}
