import { i18n } from '../i18n/i18n.ts';
import { businessTimeZoneLabel } from './date.ts';

/**
 * A date column's title naming the business time zone once for the whole column: "创建时间
 * (UTC+8)". Every table with dates says it this way, so a reader never has to guess whose clock
 * the times are on.
 */
export function withTimeZone(title: string): string {
  return i18n.t('common.time.withZone', { title, zone: businessTimeZoneLabel() });
}
