import styles from './usage-chart.module.css';

export interface TooltipRow {
  name: string;
  colour: string;
  value: string;
}

interface UsageChartTooltipProps {
  label: string;
  rows: readonly TooltipRow[];
  /** The bucket's x in the chart; the box sits right of it, or left of it near the right edge. */
  x: number;
  top: number;
  chartWidth: number;
}

/** One bucket's values, beside the bucket, while it is hovered or focused. */
export function UsageChartTooltip({ label, rows, x, top, chartWidth }: UsageChartTooltipProps) {
  const onLeft = x > chartWidth / 2;
  const position = onLeft ? { right: chartWidth - x + 12, top } : { left: x + 12, top };
  return (
    <div className={styles.tooltip} style={position} data-testid="usage-chart-tooltip">
      <p className={styles.tooltipLabel}>{label}</p>
      {rows.map((row) => (
        <span key={row.name} className={styles.tooltipItem} style={{ color: row.colour }}>
          {`${row.name} : ${row.value}`}
        </span>
      ))}
    </div>
  );
}
