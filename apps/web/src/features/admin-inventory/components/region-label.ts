import { regionLabel as joinRegionNames } from '../../../shared/format/region.ts';

/** `日本 · 东京`, or one name where the country already names the city (`Singapore`). */
export function regionName(names: { countryName: string; cityName: string }): string {
  return joinRegionNames(names.countryName, names.cityName);
}

/** `日本 · 东京 (JP/tokyo)`: a region's names in the reader's language with its code. */
export function regionLabel(
  names: { countryName: string; cityName: string },
  code: string,
): string {
  return `${regionName(names)} (${code})`;
}
