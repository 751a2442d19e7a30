// How mail names a place and a static-IP plan: a region's country and city in the recipient's
// language, said once when they are the same place (Singapore, Hong Kong), and a plan as its
// place with its line type.
import type { LineType } from '../endpoints/catalog.ts';
import type { Locale } from '../locale.ts';

/** A region's names in both languages, as the catalog keeps them. */
export interface MailRegionNames {
  countryNameZh: string;
  countryNameEn: string;
  cityNameZh: string;
  cityNameEn: string;
}

/** A line type in mail, in the recipient's language. */
export const lineTypeMailLabels: Record<Locale, Record<LineType, string>> = {
  'zh-CN': { isp_residential: 'ISP住宅', datacenter: '数据中心' },
  'en-US': { isp_residential: 'ISP residential', datacenter: 'datacenter' },
};

/**
 * Where a region is, in `locale`: `日本东京`, `Tokyo, Japan`; a city that is its own country
 * (or a region whose names say the same twice) once: `新加坡`, `Singapore`.
 */
export function mailPlace(region: MailRegionNames, locale: Locale): string {
  const [country, city] =
    locale === 'zh-CN'
      ? [region.countryNameZh.trim(), region.cityNameZh.trim()]
      : [region.countryNameEn.trim(), region.cityNameEn.trim()];
  if (city.toLowerCase() === country.toLowerCase() || city === '') return country;
  if (country === '') return city;
  return locale === 'zh-CN' ? `${country}${city}` : `${city}, ${country}`;
}

/**
 * A static-IP plan in `locale`: `日本东京 ISP住宅`, `Tokyo, Japan (ISP residential)`. (The Chinese
 * templates set a placeholder off with spaces, after which full-width brackets would read oddly.)
 */
export function mailPlanName(region: MailRegionNames, lineType: LineType, locale: Locale): string {
  const line = lineTypeMailLabels[locale][lineType];
  const place = mailPlace(region, locale);
  return locale === 'zh-CN' ? `${place} ${line}` : `${place} (${line})`;
}
