// What other features may use of traffic (the only file they may import from it): the usage
// chart (loaded with its chart library on first use).
export {
  LazyUsageChart as UsageChart,
  DEFAULT_USAGE_CHART_HEIGHT,
} from './components/lazy-usage-chart.tsx';
// How a package's state is shown, for the operator console's customer page.
export { PackageStatusTag } from './components/package-status-tag.tsx';
// Round axis ticks, for the operator dashboard's charts.
export { roundTicks } from './chart-ticks.ts';
