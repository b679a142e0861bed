/**
 * Sales per day as a chart: sales (orders' totals) as bars, revenue (charged less refunded) as a dashed line, and
 * orders as a line on a scale of their own. uPlot (about 20 KB gzipped,
 * canvas, fast with a year of days) is fetched only when the chart is drawn, so only this admin page ever loads
 * it. The chart is a picture for the eye (aria-hidden); its numbers are the table beside it.
 */
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { DashboardDay } from '@shared/api/dashboard';
import { formatINR, toRupees } from '@shared/money';

/** Half a day in seconds: the x axis reaches half a day past the first and last days, so their bars show whole. */
const HALF_DAY = 43_200;

/** A chart's day (seconds at the UTC midnight of an India day) as people read it: '7 Dec'. */
const dayLabel = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** How tall the chart draws, in CSS pixels. */
const HEIGHT = 240;

/** The chart of the days given. */
export default function SalesChart({ days }: { days: DashboardDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let stopped = false;
    const resize = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height: HEIGHT }));
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (stopped) return;
      const x = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
      const styles = getComputedStyle(el);
      const accent = styles.getPropertyValue('--color-accent').trim() || '#1f3a4d';
      const ink = styles.getPropertyValue('--color-text').trim() || '#222';
      const gold = styles.getPropertyValue('--color-highlight').trim() || '#8a6a2f';
      const opts: uPlot.Options = {
        width: el.clientWidth,
        height: HEIGHT,
        // India's days, drawn as the dates they are (the x values are UTC midnights of those dates).
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'UTC'),
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: {
          // The range's own days, not uPlot's guess (which spans years around a single day).
          x: { time: true, auto: false, range: [x[0]! - HALF_DAY, x.at(-1)! + HALF_DAY] },
          // From 0, or below it on a day whose refunds passed what it charged.
          rupees: { auto: true, range: (_u, min, max) => [Math.min(min, 0), Math.max(max, 100)] },
          orders: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
        },
        series: [
          { label: 'Day', value: (_u, v) => (v === null ? '—' : dayLabel(v)) },
          {
            label: 'Sales',
            scale: 'rupees',
            fill: `${accent}55`,
            stroke: accent,
            width: 1,
            paths: UPlot.paths.bars!({ size: [0.7, 40] }),
            value: (_u, v) => (v === null ? '—' : formatINR(v)),
          },
          {
            label: 'Revenue',
            scale: 'rupees',
            stroke: gold,
            width: 2,
            dash: [6, 4],
            points: { show: days.length <= 31 },
            value: (_u, v) => (v === null ? '—' : formatINR(v)),
          },
          {
            label: 'Orders',
            scale: 'orders',
            stroke: ink,
            width: 2,
            points: { show: days.length <= 31 },
            value: (_u, v) => (v === null ? '—' : String(v)),
          },
        ],
        axes: [
          { stroke: ink, grid: { show: false } },
          {
            scale: 'rupees',
            stroke: ink,
            size: 64,
            values: (_u, vals) =>
              vals.map((v) => `${v < 0 ? '−' : ''}₹${Math.abs(v) >= 1000 ? `${(Math.abs(v) / 1000).toFixed(1)}k` : Math.abs(v)}`),
          },
          {
            scale: 'orders',
            side: 1,
            stroke: ink,
            grid: { show: false },
            values: (_u, vals) => vals.map((v) => (Number.isInteger(v) ? String(v) : '')),
          },
        ],
      };
      chart = new UPlot(
        opts,
        [x, days.map((d) => toRupees(d.salesPaise)), days.map((d) => toRupees(d.revenuePaise)), days.map((d) => d.orders)],
        el,
      );
      resize.observe(el);
    });
    return () => {
      stopped = true;
      resize.disconnect();
      chart?.destroy();
    };
  }, [days]);
  return <div ref={box} className="dashboard__chart" aria-hidden="true" />;
}
