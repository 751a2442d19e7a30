/** The device a browser runs on, from its User-Agent, to name a new passkey after. */
const devices: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'Chromebook'],
  [/Linux/, 'Linux'],
];

/** A name for a passkey made on this device ("Mac", "iPhone"), or null when it tells nothing. */
export function deviceNameOf(userAgent: string): string | null {
  return devices.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}
