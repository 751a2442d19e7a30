import { z } from 'zod';
import { MAX_STICKY_MINUTES } from '../dynamic-username.ts';
import { defineEndpoint } from '../endpoint.ts';
import { queryInt4Schema } from '../validation.ts';

/** A city the dynamic pool can leave from. */
export const dynamicCitySchema = z.object({
  /** Lower-case city code used in the username, e.g. `tokyo`. */
  code: z.string(),
  name: z.string(),
});

export const dynamicCountrySchema = z.object({
  /** ISO 3166-1 alpha-2, upper case. */
  country: z.string(),
  countryName: z.string(),
  cities: z.array(dynamicCitySchema),
});

/** The caller's dynamic-proxy account: separate from the sign-in password, resettable. */
export const dynamicAccountSchema = z.object({
  /** Account name: the first part of every dynamic username. */
  account: z.string(),
  password: z.string(),
  /** Entry point of the dynamic pool (SOCKS5 and HTTP on one port). */
  host: z.string(),
  port: z.number().int(),
  /** Where the pool can leave from. */
  countries: z.array(dynamicCountrySchema),
  /** Traffic left over all active packages; dynamic proxies refuse the user at 0. */
  remainingBytes: z.number().int(),
});
export type DynamicAccount = z.infer<typeof dynamicAccountSchema>;

export const getDynamicAccount = defineEndpoint({
  method: 'GET',
  path: '/proxy/dynamic/account',
  summary: "The caller's dynamic-proxy account (created on first call), entry point and regions",
  tag: 'dynamic',
  access: 'user',
  errors: [],
  response: dynamicAccountSchema,
});

export const resetDynamicPassword = defineEndpoint({
  method: 'POST',
  path: '/proxy/dynamic/reset-password',
  summary: 'New dynamic-proxy password; the old one stops working',
  tag: 'dynamic',
  access: 'user',
  scope: 'manage',
  errors: [],
  response: dynamicAccountSchema,
});

/** Output formats of the endpoint generator. */
export const dynamicFormats = ['hostPortUserPass', 'userPassAtHostPort', 'socks5', 'http'] as const;
export const dynamicFormatSchema = z.enum(dynamicFormats);
export type DynamicFormat = z.infer<typeof dynamicFormatSchema>;

export const dynamicEndpointsQuerySchema = z.object({
  /** ISO country code (any case); any country when absent. */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((value) => value.toUpperCase())
    .optional(),
  /** City code of that country; needs `country`. */
  city: z
    .string()
    .regex(/^[a-z0-9_]{1,40}$/)
    .optional(),
  /** `rotating`: a new egress per connection; `sticky`: one egress per line for sessionMinutes. */
  session: z.enum(['rotating', 'sticky']).default('rotating'),
  sessionMinutes: queryInt4Schema(1, MAX_STICKY_MINUTES).default(30),
  count: queryInt4Schema(1, 1000).default(10),
  /**
   * `hostPortUserPass` → `host:port:user:pass`; `userPassAtHostPort` → `user:pass@host:port`;
   * `socks5` → `socks5://user:pass@host:port`; `http` → `http://user:pass@host:port`.
   */
  format: dynamicFormatSchema.default('hostPortUserPass'),
});

export const generateDynamicEndpoints = defineEndpoint({
  method: 'GET',
  path: '/proxy/dynamic/endpoints',
  summary: 'Ready-to-paste dynamic proxy strings whose usernames carry the targeting',
  tag: 'dynamic',
  access: 'user',
  errors: ['dynamicRegionUnavailable'],
  query: dynamicEndpointsQuerySchema,
  response: z.object({ items: z.array(z.string()) }),
});
