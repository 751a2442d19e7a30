// Queries behind webhooks: a customer's endpoints (their count under the account lock), the
// deliveries an event fans out to, one endpoint's log, and the delivery job's claims.
import type { WebhookDeliveryState, WebhookEvent } from '@stratus/contract';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  lte,
  queryRows,
  sql,
  users,
  webhookDeliveries,
  webhookEndpoints,
  type Db,
  type Tx,
} from '@stratus/db';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function listEndpoints(db: Db, userId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(
  db: Db | Tx,
  { userId, id }: { userId: string; id: string },
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

/**
 * Locks the user's row until `tx` ends, then counts their endpoints: two concurrent adds take
 * turns, so the second sees the first's and the limit holds.
 */
export async function countEndpointsLocked(tx: Tx, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return row?.count ?? 0;
}

export async function insertEndpoint(
  tx: Tx,
  values: {
    id: string;
    userId: string;
    url: string;
    events: WebhookEvent[];
    secretCiphertext: string;
  },
): Promise<WebhookEndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint insert returned no row');
  return row;
}

export async function updateEndpoint(
  db: Db,
  {
    userId,
    id,
    changes,
  }: {
    userId: string;
    id: string;
    changes: Partial<
      Pick<WebhookEndpointRow, 'url' | 'events' | 'disabledReason' | 'failingSince'>
    >;
  },
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  return row;
}

export async function deleteEndpoint(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/**
 * Writes one delivery of the event per endpoint of `userId` that is on and asked for it, in the
 * caller's transaction; answers how many.
 */
export async function insertDeliveriesForEvent(
  tx: Tx | Db,
  {
    userId,
    eventId,
    event,
    body,
    retryUntil,
  }: { userId: string; eventId: string; event: WebhookEvent; body: string; retryUntil: Date },
): Promise<number> {
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`
    insert into ${webhookDeliveries} (endpoint_id, event_id, event, body, retry_until)
    select ${webhookEndpoints.id}, ${eventId}, ${event}, ${body}, ${retryUntil}
    from ${webhookEndpoints}
    where ${webhookEndpoints.userId} = ${userId}
      and ${webhookEndpoints.disabledReason} is null
      and ${event} = any(${webhookEndpoints.events})
    returning id`,
  );
  return inserted.length;
}

export async function listDeliveries(
  db: Db,
  { endpointId, page, pageSize }: { endpointId: string; page: number; pageSize: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** A delivery to one of `userId`'s endpoints, with its endpoint. */
export async function findOwnDelivery(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

/** A new delivery of an event already delivered (or not): same event id and body, due now. */
export async function insertResentDelivery(
  db: Db,
  {
    of,
    retryUntil,
  }: {
    of: Pick<WebhookDeliveryRow, 'endpointId' | 'eventId' | 'event' | 'body'>;
    retryUntil: Date;
  },
): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: of.endpointId,
      eventId: of.eventId,
      event: of.event,
      body: of.body,
      retryUntil,
    })
    .returning();
  if (!row) throw new Error('webhook delivery insert returned no row');
  return row;
}

export interface ClaimedDelivery {
  delivery: WebhookDeliveryRow;
  endpoint: Pick<WebhookEndpointRow, 'id' | 'userId' | 'url' | 'secretCiphertext'>;
}

/**
 * Claims up to `limit` pending deliveries due by `now` whose endpoint is on, for one attempt: in
 * ONE statement their attempt is counted and their next attempt moved to `leaseUntil`, so no
 * other server claims them meanwhile (SKIP LOCKED passes over rows another claim holds).
 */
export async function claimDueDeliveries(
  db: Db,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.state, 'pending'),
        // Due within `now`'s millisecond too: the database keeps microseconds, a Date does not.
        lt(webhookDeliveries.nextAttemptAt, new Date(now.getTime() + 1)),
        isNull(webhookEndpoints.disabledReason),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(sql`${webhookDeliveries.id} = any(array(${due}))`)
    .returning();
  if (claimed.length === 0) return [];
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      userId: webhookEndpoints.userId,
      url: webhookEndpoints.url,
      secretCiphertext: webhookEndpoints.secretCiphertext,
    })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  return claimed
    .flatMap((delivery) => {
      const endpoint = byId.get(delivery.endpointId);
      return endpoint ? [{ delivery, endpoint }] : [];
    })
    .sort(
      (a, b) =>
        a.delivery.createdAt.getTime() - b.delivery.createdAt.getTime() ||
        a.delivery.id.localeCompare(b.delivery.id),
    );
}

/** Records an attempt's outcome: its state after it, and the next attempt if there is one. */
export async function recordAttempt(
  db: Db,
  {
    id,
    state,
    status,
    error,
    durationMs,
    attemptedAt,
    nextAttemptAt,
  }: {
    id: string;
    state: WebhookDeliveryState;
    status: number | null;
    error: string | null;
    durationMs: number;
    attemptedAt: Date;
    nextAttemptAt?: Date;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      state,
      lastStatus: status,
      lastError: error,
      lastDurationMs: durationMs,
      lastAttemptAt: attemptedAt,
      ...(nextAttemptAt ? { nextAttemptAt } : {}),
      ...(state === 'succeeded' ? { deliveredAt: attemptedAt } : {}),
    })
    .where(eq(webhookDeliveries.id, id));
}

/** The endpoint took a delivery: it is not failing any more. */
export async function clearFailing(db: Db, endpointId: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(
      and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`),
    );
}

/** The endpoint failed at `at`: answers since when it has been failing (`at`, if it was not). */
export async function markFailing(
  db: Db,
  { endpointId, at }: { endpointId: string; at: Date },
): Promise<Date> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at})` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? at;
}

/**
 * Switches the endpoint off for failing, if it is still on; its pending deliveries fail with it.
 * Answers the endpoint when this call switched it off (so its owner is told once).
 */
export async function disableFailingEndpoint(
  tx: Tx,
  { endpointId }: { endpointId: string },
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ disabledReason: 'failing', updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledReason)))
    .returning();
  if (!row) return undefined;
  await tx
    .update(webhookDeliveries)
    .set({ state: 'failed' })
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, 'pending')),
    );
  return row;
}

/** Pending deliveries past their day of retries (their endpoint was off meanwhile) fail. */
export async function failOverdueDeliveries(db: Db, now: Date): Promise<number> {
  const failed = await db
    .update(webhookDeliveries)
    .set({ state: 'failed' })
    .where(and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.retryUntil, now)))
    .returning({ id: webhookDeliveries.id });
  return failed.length;
}

/** Deletes deliveries written before `before` that are done with; answers how many went. */
export async function pruneDeliveriesBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(webhookDeliveries)
    .where(
      and(
        sql`${webhookDeliveries.createdAt} < ${before}`,
        sql`${webhookDeliveries.state} <> 'pending'`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
