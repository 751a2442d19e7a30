/**
 * A region as one label in the reader's language: `日本 · 东京`. Where the city repeats its country
 * (新加坡 / 新加坡, 中国香港 / 香港, Hong Kong / Hong Kong) the label says it once, with the country's
 * (fuller) name. A region without a city is its country alone.
 */
export function regionLabel(countryName: string, cityName?: string | null): string {
  const city = cityName?.trim() ?? '';
  if (city === '' || countryName.toLowerCase().includes(city.toLowerCase())) return countryName;
  return `${countryName} · ${city}`;
}
