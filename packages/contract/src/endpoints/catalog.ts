import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Protocols an instance can be used with. HTTP and SOCKS5 share the instance's `port`. */
export const proxyProtocols = ['socks5', 'http', 'vmess'] as const;
export const proxyProtocolSchema = z.enum(proxyProtocols);
export type ProxyProtocol = z.infer<typeof proxyProtocolSchema>;

/** Kinds of line a static IP sits on. */
export const lineTypes = ['isp_residential', 'datacenter'] as const;
export const lineTypeSchema = z.enum(lineTypes);
export type LineType = z.infer<typeof lineTypeSchema>;

/** Durations offered by default; a plan may offer fewer. Longer ones are cheaper per day. */
export const DEFAULT_DURATIONS = [30, 90, 180, 365] as const;

/** The longest duration a plan may price (ten years); longer requests are refused unread. */
export const MAX_DURATION_DAYS = 3650;

export const planPriceSchema = z.object({
  durationDays: z.number().int().positive(),
  /** Yuan per IP for the whole duration. */
  price: z.number(),
});

export const staticIpPlanSchema = z.object({
  id: z.string(),
  /** ISO 3166-1 alpha-2 country code, e.g. `JP`. */
  country: z.string(),
  /** Country name in the request's language, e.g. 日本 / Japan. */
  countryName: z.string(),
  /** City name in the request's language, e.g. 东京 / Tokyo. */
  city: z.string(),
  lineType: lineTypeSchema,
  protocols: z.array(proxyProtocolSchema),
  /**
   * Protocols of `protocols` the nodes holding the plan's IPs cannot serve now (vmess where V2Ray
   * failed or is absent): shown as unavailable, not offered.
   */
  unavailableProtocols: z.array(proxyProtocolSchema),
  /** Available IPs that match the plan right now. */
  stock: z.number().int().min(0),
  prices: z.array(planPriceSchema),
});
export type StaticIpPlan = z.infer<typeof staticIpPlanSchema>;

export const listStaticIpCatalog = defineEndpoint({
  method: 'GET',
  path: '/catalog/static-ip',
  summary: 'Static-IP plans with prices and stock',
  tag: 'catalog',
  access: 'user',
  errors: [],
  response: z.object({ items: z.array(staticIpPlanSchema) }),
});
