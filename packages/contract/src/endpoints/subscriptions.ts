import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/**
 * What `GET /sub/{token}` can answer: `mihomo` (mihomo / Clash Verge / Clash Meta / FlClash
 * YAML), `clash` (classic Clash and Stash YAML), `singbox` (sing-box JSON: SFA, SFI, SFM,
 * Hiddify) and `base64` (base64 of `socks5://`, `http://` and v2rayN `vmess://` lines, for v2rayN
 * and most other clients).
 */
export const subscriptionFormats = ['mihomo', 'clash', 'singbox', 'base64'] as const;
export const subscriptionFormatSchema = z.enum(subscriptionFormats);
export type SubscriptionFormat = z.infer<typeof subscriptionFormatSchema>;

/** The caller's live subscription. */
export const subscriptionSchema = z.object({
  /**
   * The full subscription URL (`PUBLIC_URL` or the origin of the request, then `/api/sub/` and the
   * token); empty when the stored token cannot be shown (made under another `SECRET_KEY`): rotate.
   */
  url: z.string(),
  /** The secret token in the URL; whoever holds it reads the account's proxies. */
  token: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const getSubscription = defineEndpoint({
  method: 'GET',
  path: '/user/subscription',
  summary: "The caller's subscription URL (made on first use)",
  tag: 'subscriptions',
  access: 'user',
  errors: [],
  response: subscriptionSchema,
});

export const rotateSubscription = defineEndpoint({
  method: 'POST',
  path: '/user/subscription/rotate',
  summary: 'A new subscription token; the old URL answers 404 at once',
  tag: 'subscriptions',
  access: 'user',
  scope: 'manage',
  errors: [],
  response: subscriptionSchema,
});

/**
 * The subscription profile, without a session: the token is the credential. Not enveloped: the
 * body is the profile itself, and failures are plain text (404 for an unknown or revoked token or
 * a disabled account, 429 when the token is fetched too often).
 */
export const getSubscriptionProfile = defineEndpoint({
  method: 'GET',
  path: '/sub/:token',
  summary: 'Subscription profile: mihomo/Clash YAML, sing-box JSON or base64 share links',
  tag: 'subscriptions',
  access: 'public',
  errors: ['subscriptionNotFound', 'subscriptionRateLimited'],
  raw: true,
  params: z.object({ token: z.string().min(1).max(200) }),
  // Loose on purpose: subscription clients add parameters of their own to the address.
  query: z.looseObject({
    /** The profile's format; by the User-Agent when absent. */
    format: subscriptionFormatSchema.optional(),
  }),
  response: z.string(),
});
