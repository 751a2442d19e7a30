import styles from './usage-chart.module.css';

export interface ChartSeries {
  name: string;
  colour: string;
}

// A line with a ring in its middle: the mark recharts gives an area in its legend.
const LINE_MARK = 'M0,16h10.67A5.33,5.33,0,1,1,21.33,16H32M21.33,16A5.33,5.33,0,1,1,10.67,16';

/** The chart's series named in the order they are drawn (the stack's, bottom first). */
export function UsageChartLegend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className={styles.legend} data-testid="usage-chart-legend">
      {series.map((item) => (
        <li key={item.name} className={styles.legendItem} style={{ color: item.colour }}>
          <svg width={14} height={14} viewBox="0 0 32 32" aria-hidden="true">
            <path d={LINE_MARK} fill="none" stroke={item.colour} strokeWidth={4} />
          </svg>
          {item.name}
        </li>
      ))}
    </ul>
  );
}
