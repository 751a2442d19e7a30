// The webhook delivery job's one pass: claim due deliveries (any number of servers may run it at
// once), POST each, signed at the moment it is sent, and record the answer. A failure is tried
// again later, each wait longer, for a day after the delivery was written; an endpoint that has
// not taken a delivery for three days is switched off and its owner told (by `onDisabled`, in the
// transaction that switches it off).
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import type { TokenCipher } from '../../tokens.ts';
import {
  claimDueDeliveries,
  clearFailing,
  disableFailingEndpoint,
  failOverdueDeliveries,
  markFailing,
  recordAttempt,
  type ClaimedDelivery,
  type WebhookEndpointRow,
} from './repo.ts';
import { postWebhook, type PostOutcome, type PostWebhook } from './sender.ts';
import { secretContext } from './service.ts';
import { signatureHeader } from './signature.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The waits after the 1st, 2nd, … failed attempt; the last repeats until the day is over. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 180, 360];
/** How long a claimed delivery is left to its claimer before another server may try it. */
const LEASE_MS = 5 * MINUTE_MS;
/** Deliveries sent at the same time by one pass (a slow endpoint does not hold up the rest). */
const CONCURRENCY = 8;

/** The wait before the next attempt, after `attempts` attempts that failed. */
export function webhookBackoffAfter(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), BACKOFF_MINUTES.length) - 1;
  return BACKOFF_MINUTES[index]! * MINUTE_MS;
}

export interface DisabledEndpoint {
  endpoint: WebhookEndpointRow;
  /** What the last attempt got: `HTTP 500`, or the connection's error. */
  lastProblem: string;
}

export interface WebhookDeliveryReport {
  succeeded: number;
  retrying: number;
  failed: number;
  disabled: number;
}

function problemOf(outcome: PostOutcome): string {
  return outcome.status === null ? (outcome.error ?? 'no answer') : `HTTP ${outcome.status}`;
}

export async function deliverDueWebhooks({
  db,
  cipher,
  refusePrivate,
  onDisabled,
  post = postWebhook,
  now = new Date(),
  limit = 50,
}: {
  db: Db;
  cipher: TokenCipher;
  /** Production: connect only to public addresses. */
  refusePrivate: boolean;
  /** Tells the owner of an endpoint this pass switched off, in the transaction that did. */
  onDisabled: (tx: Tx, disabled: DisabledEndpoint) => Promise<void>;
  post?: PostWebhook;
  now?: Date;
  limit?: number;
}): Promise<WebhookDeliveryReport> {
  const report: WebhookDeliveryReport = { succeeded: 0, retrying: 0, failed: 0, disabled: 0 };
  report.failed += await failOverdueDeliveries(db, now);
  const claimed = await claimDueDeliveries(db, {
    now,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
    limit,
  });

  async function deliver({ delivery, endpoint }: ClaimedDelivery): Promise<void> {
    let secret: string;
    try {
      secret = cipher.decrypt(endpoint.secretCiphertext, secretContext(endpoint));
    } catch {
      // Sealed under another SECRET_KEY: nothing this server sends could be verified.
      const error = 'the signing secret cannot be read with this server’s SECRET_KEY; not sent';
      const failed = { id: delivery.id, status: null, error, durationMs: 0, attemptedAt: now };
      await recordAttempt(db, { ...failed, state: 'failed' });
      report.failed += 1;
      return;
    }
    // Signed at the moment it leaves (`now` schedules the pass; a receiver checks its own clock).
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome = await post({
      url: endpoint.url,
      body: delivery.body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Stratus-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, delivery.body, timestamp),
        'Stratus-Event': delivery.event,
        'Stratus-Delivery': delivery.id,
      },
      refusePrivate,
      timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000,
    });
    const attempt = {
      id: delivery.id,
      status: outcome.status,
      error: outcome.error,
      durationMs: outcome.durationMs,
      attemptedAt: now,
    };
    if (outcome.ok) {
      await recordAttempt(db, { ...attempt, state: 'succeeded' });
      await clearFailing(db, endpoint.id);
      report.succeeded += 1;
      return;
    }
    const nextAttemptAt = new Date(now.getTime() + webhookBackoffAfter(delivery.attempts));
    if (nextAttemptAt > delivery.retryUntil) {
      await recordAttempt(db, { ...attempt, state: 'failed' });
      report.failed += 1;
    } else {
      await recordAttempt(db, { ...attempt, state: 'pending', nextAttemptAt });
      report.retrying += 1;
    }
    const failingSince = await markFailing(db, { endpointId: endpoint.id, at: now });
    if (now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS) {
      const switchedOff = await db.transaction(async (tx) => {
        const row = await disableFailingEndpoint(tx, { endpointId: endpoint.id });
        if (row) await onDisabled(tx, { endpoint: row, lastProblem: problemOf(outcome) });
        return row;
      });
      if (switchedOff) report.disabled += 1;
    }
  }

  for (let start = 0; start < claimed.length; start += CONCURRENCY) {
    await Promise.all(claimed.slice(start, start + CONCURRENCY).map(deliver));
  }
  return report;
}
