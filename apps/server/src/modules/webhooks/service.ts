// A customer's webhook endpoints: add (the secret shown once, kept encrypted), change, switch off
// and on, delete; each endpoint's delivery log, and a resend of any delivery.
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_RETRY_WINDOW_HOURS,
  type Page,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { AppError } from '../../errors.ts';
import type { TokenCipher } from '../../tokens.ts';
import { checkWebhookUrl } from './destination.ts';
import {
  countEndpointsLocked,
  deleteEndpoint,
  findEndpoint,
  findOwnDelivery,
  insertEndpoint,
  insertResentDelivery,
  listDeliveries,
  listEndpoints,
  updateEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './repo.ts';
import { generateWebhookSecret } from './signature.ts';

const HOUR_MS = 3_600_000;

export interface WebhookServices {
  db: Db;
  cipher: TokenCipher;
  /** Production: endpoints on loopback, private, link-local or metadata addresses are refused. */
  refusePrivate: boolean;
}

/** The encryption context of an endpoint's secret: bound to the endpoint and its owner. */
export function secretContext(endpoint: Pick<WebhookEndpointRow, 'id' | 'userId'>): string {
  return `webhook:${endpoint.userId}:${endpoint.id}`;
}

/** The day of retries of a delivery written at `from`. */
export function retryUntilFrom(from: Date): Date {
  return new Date(from.getTime() + WEBHOOK_RETRY_WINDOW_HOURS * HOUR_MS);
}

export function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.disabledReason === null,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.event,
    state: row.state,
    attempts: row.attempts,
    statusCode: row.lastStatus,
    error: row.lastError,
    durationMs: row.lastDurationMs,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The URL as it is kept, or the refusal of it. */
async function acceptedUrl(text: string, refusePrivate: boolean): Promise<string> {
  const checked = await checkWebhookUrl(text, { refusePrivate });
  if (checked.ok) return checked.url.href;
  if (checked.problem === 'private') {
    throw new AppError('webhookDestinationPrivate', { host: checked.host });
  }
  throw new AppError('webhookUrlInvalid');
}

export async function listWebhookEndpoints(
  { db }: Pick<WebhookServices, 'db'>,
  { userId }: { userId: string },
): Promise<{ items: WebhookEndpoint[]; max: number }> {
  const rows = await listEndpoints(db, userId);
  return { items: rows.map(toWebhookEndpoint), max: WEBHOOK_ENDPOINTS_MAX };
}

export async function createWebhookEndpoint(
  { db, cipher, refusePrivate }: WebhookServices,
  { userId, url, events }: { userId: string; url: string; events: WebhookEvent[] },
): Promise<WebhookEndpoint & { secret: string }> {
  const accepted = await acceptedUrl(url, refusePrivate);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const row = await db.transaction(async (tx) => {
    if ((await countEndpointsLocked(tx, userId)) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new AppError('webhookLimitReached', { max: WEBHOOK_ENDPOINTS_MAX });
    }
    return insertEndpoint(tx, {
      id,
      userId,
      url: accepted,
      events,
      secretCiphertext: cipher.encrypt(secret, secretContext({ id, userId })),
    });
  });
  return { ...toWebhookEndpoint(row), secret };
}

export async function updateWebhookEndpoint(
  { db, refusePrivate }: Omit<WebhookServices, 'cipher'>,
  {
    userId,
    id,
    changes,
  }: {
    userId: string;
    id: string;
    changes: { url?: string; events?: WebhookEvent[]; enabled?: boolean };
  },
): Promise<WebhookEndpoint> {
  const existing = await findEndpoint(db, { userId, id });
  if (!existing) throw new AppError('webhookNotFound');
  const url = changes.url === undefined ? undefined : await acceptedUrl(changes.url, refusePrivate);
  const row = await updateEndpoint(db, {
    userId,
    id,
    changes: {
      ...(url === undefined ? {} : { url }),
      ...(changes.events === undefined ? {} : { events: changes.events }),
      // Switched on, it starts afresh: three more days before failing switches it off again.
      ...(changes.enabled === true ? { disabledReason: null, failingSince: null } : {}),
      ...(changes.enabled === false ? { disabledReason: 'owner' as const } : {}),
    },
  });
  if (!row) throw new AppError('webhookNotFound');
  return toWebhookEndpoint(row);
}

export async function deleteWebhookEndpoint(
  { db }: Pick<WebhookServices, 'db'>,
  { userId, id }: { userId: string; id: string },
): Promise<null> {
  if (!(await deleteEndpoint(db, { userId, id }))) throw new AppError('webhookNotFound');
  return null;
}

export async function listWebhookDeliveries(
  { db }: Pick<WebhookServices, 'db'>,
  { userId, id, page, pageSize }: { userId: string; id: string; page: number; pageSize: number },
): Promise<Page<WebhookDelivery>> {
  const endpoint = await findEndpoint(db, { userId, id });
  if (!endpoint) throw new AppError('webhookNotFound');
  const { rows, total } = await listDeliveries(db, { endpointId: id, page, pageSize });
  return { items: rows.map(toWebhookDelivery), total, page, pageSize };
}

export async function resendWebhookDelivery(
  { db }: Pick<WebhookServices, 'db'>,
  { userId, id, now = new Date() }: { userId: string; id: string; now?: Date },
): Promise<WebhookDelivery> {
  const found = await findOwnDelivery(db, { userId, id });
  if (!found) throw new AppError('webhookDeliveryNotFound');
  if (found.endpoint.disabledReason !== null) throw new AppError('webhookDisabled');
  const row = await insertResentDelivery(db, {
    of: found.delivery,
    retryUntil: retryUntilFrom(now),
  });
  return toWebhookDelivery(row);
}
