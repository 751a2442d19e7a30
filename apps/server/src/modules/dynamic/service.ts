// Dynamic (rotating) proxies: the customer's account, the regions the pool leaves from and the
// endpoint generator whose usernames carry the targeting (the gateway parses them with the same
// contract code).
import {
  buildDynamicUsername,
  type DynamicAccount,
  type DynamicFormat,
  type Locale,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { toJsonBytes } from '../../json-bytes.ts';
import { summariseUsablePackages } from '../traffic/public.ts';
import {
  generateDynamicAccountName,
  generateDynamicPassword,
  generateSessionId,
} from './credentials.ts';
import {
  findDynamicAccount,
  insertDynamicAccount,
  listPoolRegions,
  setDynamicPassword,
  type DynamicAccountRow,
  type PoolRegion,
} from './repo.ts';

// The account lookup the operator console's customer page uses (the name only, never created there).

/** Account names drawn before giving up (a clash is already about one in 1e14). */
const ACCOUNT_NAME_ATTEMPTS = 5;

/** City codes the username syntax can carry; others are not offered. */
const usableCityCode = /^[a-z0-9_]{1,40}$/;

/** The caller's account, created on first use (sub-users need it too). */
export async function ensureDynamicAccount(db: Db, userId: string): Promise<DynamicAccountRow> {
  for (let attempt = 0; attempt < ACCOUNT_NAME_ATTEMPTS; attempt += 1) {
    const existing = await findDynamicAccount(db, userId);
    if (existing) return existing;
    const created = await insertDynamicAccount(db, {
      userId,
      account: generateDynamicAccountName(),
      password: generateDynamicPassword(),
    });
    if (created) return created;
    // Either a concurrent first call created the row (found on the next read) or the name was
    // taken (a new one is drawn).
  }
  throw new Error('Could not allocate a dynamic proxy account name');
}

function groupCountries(regions: PoolRegion[], locale: Locale): DynamicAccount['countries'] {
  const countries = new Map<string, DynamicAccount['countries'][number]>();
  for (const region of regions) {
    const english = locale === 'en-US';
    let country = countries.get(region.country);
    if (!country) {
      country = {
        country: region.country,
        countryName: english ? region.countryNameEn : region.countryNameZh,
        cities: [],
      };
      countries.set(region.country, country);
    }
    if (usableCityCode.test(region.cityCode)) {
      country.cities.push({
        code: region.cityCode,
        name: english ? region.cityNameEn : region.cityNameZh,
      });
    }
  }
  return [...countries.values()];
}

async function toDynamicAccount({
  db,
  config,
  account,
  locale,
  now,
}: {
  db: Db;
  config: Config;
  account: DynamicAccountRow;
  locale: Locale;
  now: Date;
}): Promise<DynamicAccount> {
  const [regions, packages] = await Promise.all([
    listPoolRegions(db),
    summariseUsablePackages(db, { userId: account.userId, now }),
  ]);
  return {
    account: account.account,
    password: account.password,
    host: config.dynamicProxy.host,
    port: config.dynamicProxy.port,
    countries: groupCountries(regions, locale),
    remainingBytes: toJsonBytes(packages.remainingBytes),
  };
}

export async function getDynamicAccount({
  db,
  config,
  userId,
  locale,
  now = new Date(),
}: {
  db: Db;
  config: Config;
  userId: string;
  locale: Locale;
  now?: Date;
}): Promise<DynamicAccount> {
  const account = await ensureDynamicAccount(db, userId);
  return toDynamicAccount({ db, config, account, locale, now });
}

/** A new password; connections presenting the old one are refused from now on. */
export async function resetDynamicPassword({
  db,
  config,
  userId,
  locale,
  now = new Date(),
}: {
  db: Db;
  config: Config;
  userId: string;
  locale: Locale;
  now?: Date;
}): Promise<DynamicAccount> {
  await ensureDynamicAccount(db, userId);
  const account = await setDynamicPassword(db, { userId, password: generateDynamicPassword() });
  if (!account) throw new Error('dynamic proxy account vanished during a password reset');
  return toDynamicAccount({ db, config, account, locale, now });
}

export interface EndpointRequest {
  /** Upper case. */
  country?: string;
  city?: string;
  session: 'rotating' | 'sticky';
  sessionMinutes: number;
  count: number;
  format: DynamicFormat;
}

/** `host` as a URL authority: IPv6 addresses go in brackets. */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** One proxy string in `format`; URL formats percent-encode the credentials. */
export function formatEndpoint({
  format,
  host,
  port,
  username,
  password,
}: {
  format: DynamicFormat;
  host: string;
  port: number;
  username: string;
  password: string;
}): string {
  switch (format) {
    case 'hostPortUserPass':
      return `${host}:${port}:${username}:${password}`;
    case 'userPassAtHostPort':
      return `${username}:${password}@${host}:${port}`;
    case 'socks5':
    case 'http':
      return `${format}://${encodeURIComponent(username)}:${encodeURIComponent(password)}@${urlHost(host)}:${port}`;
  }
}

/**
 * `count` ready-to-paste proxy strings. Rotating lines share one username; sticky lines each get
 * their own session id, so each keeps its own egress for `sessionMinutes`.
 */
export async function generateDynamicEndpoints({
  db,
  config,
  userId,
  request,
}: {
  db: Db;
  config: Config;
  userId: string;
  request: EndpointRequest;
}): Promise<string[]> {
  const { country, city } = request;
  if (city && !country) {
    throw new AppError('validationFailed', { field: 'city', reason: 'country is required' });
  }
  if (country) {
    const regions = (await listPoolRegions(db)).filter((region) => region.country === country);
    if (regions.length === 0) throw new AppError('dynamicRegionUnavailable', { region: country });
    if (city && !regions.some((region) => region.cityCode === city)) {
      throw new AppError('dynamicRegionUnavailable', { region: `${country}/${city}` });
    }
  }
  const account = await ensureDynamicAccount(db, userId);
  const { host, port } = config.dynamicProxy;
  const usernameFor = (session: string | null) =>
    buildDynamicUsername({
      account: account.account,
      country: country ?? null,
      city: city ?? null,
      session,
      lifeMinutes: session ? request.sessionMinutes : null,
    });
  const rotating = request.session === 'rotating' ? usernameFor(null) : null;
  return Array.from({ length: request.count }, () =>
    formatEndpoint({
      format: request.format,
      host,
      port,
      username: rotating ?? usernameFor(generateSessionId()),
      password: account.password,
    }),
  );
}
