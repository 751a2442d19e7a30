// How the node pages word times, durations and rates.
import type { TFunction } from 'i18next';
import { formatBytes } from '../../shared/format/bytes.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `5 秒前`, `3 分钟前`, `2 小时前`, `4 天前`: how long ago `iso` was at `now`. */
export function formatAgo(t: TFunction, iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (seconds < MINUTE) return t('adminNodes.ago.seconds', { count: seconds });
  if (seconds < HOUR) return t('adminNodes.ago.minutes', { count: Math.floor(seconds / MINUTE) });
  if (seconds < DAY) return t('adminNodes.ago.hours', { count: Math.floor(seconds / HOUR) });
  return t('adminNodes.ago.days', { count: Math.floor(seconds / DAY) });
}

/**
 * `45 秒`, `12 分钟`, `3 小时 5 分钟`, `2 天 4 小时`; `coarse` keeps the largest unit only
 * (`3 小时`, `2 天`).
 */
export function formatDuration(
  t: TFunction,
  totalSeconds: number,
  { coarse = false }: { coarse?: boolean } = {},
): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < MINUTE) return t('adminNodes.duration.seconds', { count: seconds });
  if (seconds < HOUR) {
    return t('adminNodes.duration.minutes', { count: Math.floor(seconds / MINUTE) });
  }
  if (seconds < DAY) {
    const hours = Math.floor(seconds / HOUR);
    if (coarse) return t('adminNodes.duration.wholeHours', { count: hours });
    return t('adminNodes.duration.hours', {
      count: hours,
      minutes: Math.floor((seconds % HOUR) / MINUTE),
    });
  }
  const days = Math.floor(seconds / DAY);
  if (coarse) return t('adminNodes.duration.wholeDays', { count: days });
  return t('adminNodes.duration.days', { count: days, hours: Math.floor((seconds % DAY) / HOUR) });
}

/** `1.5 MB/s`. */
export function formatRate(t: TFunction, bytesPerSecond: number): string {
  return t('adminNodes.perSecond', { amount: formatBytes(bytesPerSecond, 1) });
}

/** `3.3%`. */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}
