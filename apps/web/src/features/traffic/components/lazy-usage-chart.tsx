import { lazy, Suspense, type ComponentProps } from 'react';
import { WhenNearViewport } from '../../../shared/ui/when-near-viewport.tsx';
import type { UsageChart } from './usage-chart.tsx';

// The chart library is the largest part of the app: it is fetched when a chart comes into view
// after the first paint, not with the page that holds one (the overview's first screen does not
// wait for it, and on a phone, where the chart is below the fold, not even its code is run).
const Chart = lazy(() =>
  import('./usage-chart.tsx').then((module) => ({ default: module.UsageChart })),
);
/** As USAGE_CHART_HEIGHT, without importing the chart's module for it (a card's placeholder). */
export const DEFAULT_USAGE_CHART_HEIGHT = 280;

/** The usage chart, loaded on first sight; its space is kept while it loads (no layout shift). */
export function LazyUsageChart(props: ComponentProps<typeof UsageChart>) {
  const height = props.height ?? DEFAULT_USAGE_CHART_HEIGHT;
  const placeholder = <div style={{ height }} />;
  return (
    <WhenNearViewport height={height}>
      <Suspense fallback={placeholder}>
        <Chart {...props} />
      </Suspense>
    </WhenNearViewport>
  );
}
