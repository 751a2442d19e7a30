import { and, eq, idempotencyKeys, preparedPerDatabase, sql, type Tx } from '@stratus/db';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

// Prepared (prepared.ts): every purchase with a key runs it first.
const insertIdempotencyKey = preparedPerDatabase((tx: Tx) =>
  tx
    .insert(idempotencyKeys)
    .values({
      userId: sql.placeholder('userId'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare('claim_idempotency_key'),
);

/**
 * Claims an idempotency key inside `tx`. When another transaction holds the same key uncommitted,
 * PostgreSQL makes this insert wait for it; after a commit the existing row is returned (claimed
 * false), after a rollback the key is ours.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  { userId, key, requestHash }: { userId: string; key: string; requestHash: string },
): Promise<{ claimed: boolean; row: IdempotencyKeyRow }> {
  const [inserted] = await insertIdempotencyKey(tx).execute({ userId, key, requestHash });
  if (inserted) return { claimed: true, row: inserted };
  return { claimed: false, row: await findIdempotencyKey(tx, { userId, key }) };
}

export async function setIdempotencyKeyOrder(
  tx: Tx,
  { userId, key, orderId }: { userId: string; key: string; orderId: string },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ orderId })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** The row of a key some transaction claimed (committed): its request hash and order. */
export async function findIdempotencyKey(
  tx: Tx,
  { userId, key }: { userId: string; key: string },
): Promise<IdempotencyKeyRow> {
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!existing) throw new Error('idempotency key vanished after a conflict');
  return existing;
}
