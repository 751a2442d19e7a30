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

/**
 * How a receiver verifies a delivery, in Node and in Python: the console shows these, and
 * docs/webhooks.md holds the very same text (a test runs both against a signed delivery).
 */
export const webhookVerificationSnippets = {
  node: `import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifyStratusSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const fields = header.split(',').map((part) => part.trim().split('='));
  const t = Number(fields.find(([key]) => key === 't')?.[1]);
  const signatures = fields.filter(([key]) => key === 'v1').map(([, value]) => value);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return signatures.some((value) => {
    const given = Buffer.from(value, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
`,
  python: `import hashlib, hmac, time

def verify_stratus_signature(raw_body: bytes, header: str, secret: str, tolerance: int = 300) -> bool:
    fields = [part.strip().split("=", 1) for part in header.split(",") if "=" in part]
    stamps = [value for key, value in fields if key == "t"]
    signatures = [value for key, value in fields if key == "v1"]
    if not stamps or not stamps[0].isdigit() or abs(time.time() - int(stamps[0])) > tolerance:
        return False
    message = stamps[0].encode() + b"." + raw_body
    expected = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, value) for value in signatures)
`,
} as const;
