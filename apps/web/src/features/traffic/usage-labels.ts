import type { UsageGranularity } from '@stratus/contract';
import dayjs from 'dayjs';

/** A bucket start as the chart axis shows it: short, in the viewer's clock. */
export function axisLabel(at: string, granularity: UsageGranularity): string {
  return dayjs(at).format(granularity === 'hour' ? 'MM-DD HH:mm' : 'MM-DD');
}

/** A bucket start in full, for tooltips and the table. */
export function bucketLabel(at: string, granularity: UsageGranularity): string {
  return dayjs(at).format(granularity === 'hour' ? 'YYYY-MM-DD HH:00' : 'YYYY-MM-DD');
}
