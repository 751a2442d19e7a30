import type { UsageGranularity } from '@stratus/contract';
import { formatBusinessTime } from '../../shared/format/business-time.ts';

/** A bucket start as the chart axis shows it: short, on the business clock. */
export function axisLabel(at: string, granularity: UsageGranularity): string {
  return formatBusinessTime(at, granularity === 'hour' ? 'MM-DD HH:mm' : 'MM-DD');
}

/**
 * A bucket start in full, for tooltips and the table. Hour buckets are UTC hours: in a zone
 * offset by a fraction of an hour they start at :30 or :45, so minutes are shown as they are.
 */
export function bucketLabel(at: string, granularity: UsageGranularity): string {
  return formatBusinessTime(at, granularity === 'hour' ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD');
}
