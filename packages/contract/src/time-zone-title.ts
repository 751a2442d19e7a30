import type { Translate } from './messages.ts';

/**
 * A time's title naming the zone its times are in, once: "创建时间 (UTC+8)". `zone` is the zone as
 * people read it (`UTC+8`; a zone with daylight saving by the offset in force when the title is
 * made). The console titles its date columns, detail fields and chart axes with it, the server
 * its CSV time columns, so screen and file agree word for word.
 */
export function titleWithTimeZone(
  t: Translate<'common.time.withZone'>,
  title: string,
  zone: string,
): string {
  return t('common.time.withZone', { title, zone });
}
