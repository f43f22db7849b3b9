import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { Theme } from '../lib/theme'

export interface MinuteBucket {
  minute: string
  count: number
}

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()

/**
 * Events per minute as bars (uPlot on a canvas). The canvas is decorative for screen readers: the
 * figure's label states the total and the busiest minute.
 */
export function EventsChart({ buckets, theme }: { buckets: MinuteBucket[]; theme: Theme }) {
  const host = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme changes the CSS variables the chart reads, so it redraws on it.
  useEffect(() => {
    const el = host.current
    if (!el) return
    const xs = buckets.map((b) => Date.parse(b.minute) / 1000)
    const ys = buckets.map((b) => b.count)
    const axis = {
      stroke: cssVar('--text-muted'),
      grid: { stroke: cssVar('--border'), width: 1 },
      ticks: { show: false },
    }
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: 200,
        legend: { show: false },
        cursor: { y: false, points: { show: false } },
        scales: {
          x: { time: true, range: (_u, min, max) => [min - 30, max + 30] },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
        },
        axes: [axis, { ...axis, size: 40 }],
        series: [
          {},
          {
            label: 'Events',
            fill: cssVar('--accent'),
            stroke: cssVar('--accent'),
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.7, 24], radius: 0.15 }),
            points: { show: false },
          },
        ],
      },
      [xs, ys],
      el,
    )
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 200 }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [buckets, theme])
  const total = buckets.reduce((sum, b) => sum + b.count, 0)
  const peak = Math.max(0, ...buckets.map((b) => b.count))
  return (
    <figure
      className="chart"
      aria-label={`Events per minute over the last hour: ${total} in total, at most ${peak} in one minute.`}
    >
      <div ref={host} className="chart-canvas" aria-hidden="true" />
    </figure>
  )
}
