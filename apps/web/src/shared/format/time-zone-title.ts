import { titleWithTimeZone } from '@stratus/contract';
import { i18n } from '../i18n/i18n.ts';
import { businessTimeZoneLabel } from './business-time.ts';

/**
 * A time's title naming the business time zone once for everything under it: "创建时间 (UTC+8)".
 * Date columns, detail fields (drawers, description lists) and chart axes all say it this way,
 * and the server titles its CSV time columns with the same words, so a reader never has to guess
 * whose clock the times are on.
 */
export function withTimeZone(title: string): string {
  return titleWithTimeZone(
    (key, params) => i18n.t(key, params ?? {}),
    title,
    businessTimeZoneLabel(),
  );
}

/** A chart's time-axis title: "时间 (UTC+8)", or "日期 (UTC+8)" for an axis of business days. */
export function timeAxisTitle(axis: 'time' | 'day' = 'time'): string {
  return withTimeZone(i18n.t(axis === 'day' ? 'common.time.dayAxis' : 'common.time.axis'));
}
