import type { AdminRegion, Locale } from '@stratus/contract';
import { regionLabel as joinRegionNames } from '../../shared/format/region.ts';

type RegionNames = Pick<
  AdminRegion,
  'countryNameZh' | 'countryNameEn' | 'cityNameZh' | 'cityNameEn'
>;

/** A region's country and city in the reader's language: 日本 · 东京, Japan · Tokyo. */
export function regionLabel(region: RegionNames, language: Locale): string {
  return language === 'en-US'
    ? joinRegionNames(region.countryNameEn, region.cityNameEn)
    : joinRegionNames(region.countryNameZh, region.cityNameZh);
}

/** A region's codes as operators and the CLI write them: `JP/tokyo`. */
export function regionCode(region: Pick<AdminRegion, 'country' | 'cityCode'>): string {
  return `${region.country}/${region.cityCode}`;
}
