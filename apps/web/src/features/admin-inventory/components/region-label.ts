/** `日本 东京 (JP/tokyo)`: a region's names in the reader's language with its code. */
export function regionLabel(
  names: { countryName: string; cityName: string },
  code: string,
): string {
  return `${names.countryName} ${names.cityName} (${code})`;
}
