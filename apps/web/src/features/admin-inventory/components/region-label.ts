/** `日本 东京`, or one name where city and country share it (`Singapore`). */
export function regionName(names: { countryName: string; cityName: string }): string {
  return names.countryName === names.cityName
    ? names.cityName
    : `${names.countryName} ${names.cityName}`;
}

/** `日本 东京 (JP/tokyo)`: a region's names in the reader's language with its code. */
export function regionLabel(
  names: { countryName: string; cityName: string },
  code: string,
): string {
  return `${regionName(names)} (${code})`;
}
