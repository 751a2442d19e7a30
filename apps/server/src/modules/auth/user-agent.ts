// A User-Agent header as a person reads it in a sign-in notice: "Chrome on Windows". Only the
// common browsers and systems are told apart; the notice needs a hint the owner recognises, not
// an exact inventory, so a tiny table beats a dependency.
import { signInDeviceLabels, type Locale } from '@stratus/contract';

/** What a User-Agent tells of its browser and system; each undefined when it tells nothing. */
export interface DeviceHint {
  browser: string | undefined;
  system: string | undefined;
}

// Order matters: Edge, Opera, Samsung and WeChat also say "Chrome" and "Safari"; Chrome also
// says "Safari"; so the most specific token is looked for first.
const browsers: readonly [RegExp, string][] = [
  [/MicroMessenger\//, 'WeChat'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/(OPR|Opera)\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/(Firefox|FxiOS)\//, 'Firefox'],
  [/(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

// iPhone and iPad before macOS (their agents say "like Mac OS X"); HarmonyOS before Android and
// Android before Linux (each says the next).
const systems: readonly [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPod/, 'iOS'],
  [/iPad/, 'iPadOS'],
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** The longest raw agent a notice shows when it recognises no browser. */
export const RAW_AGENT_LENGTH = 80;

function firstMatch(table: readonly [RegExp, string][], agent: string): string | undefined {
  return table.find(([pattern]) => pattern.test(agent))?.[1];
}

export function parseUserAgent(agent: string): DeviceHint {
  return { browser: firstMatch(browsers, agent), system: firstMatch(systems, agent) };
}

/**
 * The device of a sign-in in `locale`: "Chrome on Windows", the browser alone when the system is
 * unknown, the raw agent (cut to `RAW_AGENT_LENGTH`) when the browser is, "unknown" without one.
 */
export function describeDevice(agent: string | undefined, locale: Locale): string {
  const labels = signInDeviceLabels[locale];
  const raw = agent?.trim() ?? '';
  if (raw === '') return labels.unknown;
  const { browser, system } = parseUserAgent(raw);
  if (browser === undefined) {
    return raw.length > RAW_AGENT_LENGTH ? `${raw.slice(0, RAW_AGENT_LENGTH - 1)}…` : raw;
  }
  if (system === undefined) return browser;
  return labels.browserOnSystem.replace('{{browser}}', browser).replace('{{system}}', system);
}
