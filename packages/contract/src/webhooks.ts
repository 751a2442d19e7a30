// Customer webhooks: which events an endpoint may ask for, how a delivery stands, and the limits
// the API and the delivery job hold to. The words of the signature scheme are in docs/webhooks.md.
import type { MessageEvent } from './mail.ts';

/**
 * The events a customer's endpoint can receive: every customer event of the messages channel
 * (operator events and the operator's test email are not a customer's to receive).
 */
export const webhookEvents = [
  'payment.credited',
  'order.paid',
  'balance.changed',
  'instance.expiring',
  'instance.renewed',
  'instance.renewal_failed',
  'instance.expired',
  'instance.replaced',
  'traffic.threshold',
  'traffic.expiring',
  'balance.low',
  'security.new_sign_in',
  'security.changed',
  'allowlist.changed',
] as const satisfies readonly MessageEvent[];
export type WebhookEvent = (typeof webhookEvents)[number];

/**
 * Where a delivery stands: `pending` while it is due or waits for a retry, `succeeded` once the
 * endpoint answered 2xx, `failed` after a day of failures (or when its endpoint was disabled or
 * deleted before it succeeded).
 */
export const webhookDeliveryStates = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

/** Why an endpoint is off: its owner switched it off, or it failed for three days. */
export const webhookDisabledReasons = ['owner', 'failing'] as const;
export type WebhookDisabledReason = (typeof webhookDisabledReasons)[number];

/** Endpoints per account. */
export const WEBHOOK_ENDPOINTS_MAX = 5;
/** The longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** How long a delivery is retried after it was written. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
/** How long an endpoint may fail without a success before it is disabled. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
/** How long a receiver waits for an answer, in seconds. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** The signature's tolerance a receiver applies, in seconds either side of its clock. */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
/** The header carrying the signature. */
export const WEBHOOK_SIGNATURE_HEADER = 'Stratus-Signature';
