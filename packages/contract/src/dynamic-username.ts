// The username of a dynamic (rotating) proxy carries its targeting, so any proxy client can use
// it without a special API:
//
//   <account>[-country-<cc>[-city-<city>]][-session-<id>[-life-<minutes>]]
//
// `account` is the user's dynamic-proxy account name; `cc` an ISO 3166-1 alpha-2 code in lower
// case; `city` a city code of that country (e.g. `tokyo`); `session` makes the egress sticky:
// every connection with the same session id leaves from the same IP for `life` minutes (default
// 30). Without a session each connection may leave from a different IP (rotating).
// Example: `u8k2m4x9-country-jp-city-tokyo-session-ab12cd34-life-30`.

export const DEFAULT_STICKY_MINUTES = 30;
export const MAX_STICKY_MINUTES = 1440;

/** What a dynamic username asks for. */
export interface DynamicTargeting {
  account: string;
  /** Upper-case ISO country code, or null for any country. */
  country: string | null;
  /** City code (lower case), or null for any city; only with a country. */
  city: string | null;
  /** Sticky session id, or null for a rotating egress. */
  session: string | null;
  /** Minutes a sticky session keeps its egress; null when rotating. */
  lifeMinutes: number | null;
}

const accountPattern = /^[a-z0-9]{4,32}$/;
const countryPattern = /^[a-z]{2}$/;
const cityPattern = /^[a-z0-9_]{1,40}$/;
const sessionPattern = /^[A-Za-z0-9]{1,32}$/;

/** Builds the username for a targeting request. Throws on values the syntax cannot carry. */
export function buildDynamicUsername(
  targeting: Omit<DynamicTargeting, 'lifeMinutes'> & {
    lifeMinutes?: number | null;
  },
): string {
  const { account, session } = targeting;
  const country = targeting.country?.toLowerCase() ?? null;
  const city = targeting.city?.toLowerCase() ?? null;
  if (!accountPattern.test(account)) throw new RangeError(`Bad dynamic account: ${account}`);
  const parts = [account];
  if (country !== null) {
    if (!countryPattern.test(country)) throw new RangeError(`Bad country: ${country}`);
    parts.push('country', country);
  }
  if (city !== null) {
    if (country === null) throw new RangeError('A city needs a country');
    if (!cityPattern.test(city)) throw new RangeError(`Bad city: ${city}`);
    parts.push('city', city);
  }
  if (session !== null) {
    if (!sessionPattern.test(session)) throw new RangeError(`Bad session id: ${session}`);
    const life = targeting.lifeMinutes ?? DEFAULT_STICKY_MINUTES;
    if (!Number.isInteger(life) || life < 1 || life > MAX_STICKY_MINUTES) {
      throw new RangeError(`Bad session life: ${life}`);
    }
    parts.push('session', session, 'life', String(life));
  }
  return parts.join('-');
}

/** Reads a dynamic username; null when it does not follow the syntax. */
export function parseDynamicUsername(username: string): DynamicTargeting | null {
  const [account, ...rest] = username.split('-');
  if (!account || !accountPattern.test(account) || rest.length % 2 !== 0) return null;
  const result: DynamicTargeting = {
    account,
    country: null,
    city: null,
    session: null,
    lifeMinutes: null,
  };
  const seen = new Set<string>();
  for (let index = 0; index < rest.length; index += 2) {
    const key = rest[index]!;
    const value = rest[index + 1]!;
    if (seen.has(key)) return null;
    seen.add(key);
    if (key === 'country' && countryPattern.test(value)) result.country = value.toUpperCase();
    else if (key === 'city' && cityPattern.test(value)) result.city = value;
    else if (key === 'session' && sessionPattern.test(value)) result.session = value;
    else if (key === 'life' && /^\d{1,4}$/.test(value)) {
      const life = Number(value);
      if (life < 1 || life > MAX_STICKY_MINUTES) return null;
      result.lifeMinutes = life;
    } else return null;
  }
  if (result.city !== null && result.country === null) return null;
  if (result.lifeMinutes !== null && result.session === null) return null;
  if (result.session !== null && result.lifeMinutes === null) {
    result.lifeMinutes = DEFAULT_STICKY_MINUTES;
  }
  return result;
}
