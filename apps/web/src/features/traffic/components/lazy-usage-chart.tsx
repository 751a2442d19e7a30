import { lazy, Suspense, type ComponentProps } from 'react';
import type { UsageChart } from './usage-chart.tsx';

// The chart library is the largest part of the app: it is fetched when a chart is drawn, not
// with the page that holds one (the overview's first screen does not wait for it).
const Chart = lazy(() =>
  import('./usage-chart.tsx').then((module) => ({ default: module.UsageChart })),
);
// As USAGE_CHART_HEIGHT, without importing the chart's module for it.
const DEFAULT_HEIGHT = 280;

/** The usage chart, loaded on first use; its space is kept while it loads (no layout shift). */
export function LazyUsageChart(props: ComponentProps<typeof UsageChart>) {
  return (
    <Suspense fallback={<div style={{ height: props.height ?? DEFAULT_HEIGHT }} />}>
      <Chart {...props} />
    </Suspense>
  );
}
