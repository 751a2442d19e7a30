import { and, eq, gt, isNull, sql, trafficPackages, users, type Db } from '@stratus/db';

export type SubscriberRow = Pick<
  typeof users.$inferSelect,
  'id' | 'language' | 'subscriptionTokenHash' | 'subscriptionTokenCiphertext'
>;

const subscriberColumns = {
  id: users.id,
  language: users.language,
  subscriptionTokenHash: users.subscriptionTokenHash,
  subscriptionTokenCiphertext: users.subscriptionTokenCiphertext,
};

export async function findSubscriberById(db: Db, userId: string) {
  const [row] = await db.select(subscriberColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** The enabled account whose subscription token hashes to `tokenHash`. */
export async function findSubscriberByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .select(subscriberColumns)
    .from(users)
    .where(and(eq(users.subscriptionTokenHash, tokenHash), isNull(users.disabledAt)));
  return row;
}

/**
 * Stores a token. With `onlyIfNone` it is stored only when the account has none yet, so two
 * first visits at once keep one token: the loser gets `undefined` and reads the winner's.
 */
export async function storeSubscriptionToken(
  db: Db,
  {
    userId,
    tokenHash,
    tokenCiphertext,
    onlyIfNone,
  }: { userId: string; tokenHash: string; tokenCiphertext: string; onlyIfNone: boolean },
): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      subscriptionTokenHash: tokenHash,
      subscriptionTokenCiphertext: tokenCiphertext,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), onlyIfNone ? isNull(users.subscriptionTokenHash) : undefined))
    .returning(subscriberColumns);
  return row;
}

/** Total and used bytes of the account's live (active, unexpired) traffic packages. */
export async function sumLiveTrafficPackages(
  db: Db,
  { userId, now }: { userId: string; now: Date },
): Promise<{ totalBytes: bigint; usedBytes: bigint }> {
  const [row] = await db
    .select({
      totalBytes: sql<string>`coalesce(sum(${trafficPackages.totalBytes}), 0)::text`,
      usedBytes: sql<string>`coalesce(sum(${trafficPackages.usedBytes}), 0)::text`,
    })
    .from(trafficPackages)
    .where(
      and(
        eq(trafficPackages.userId, userId),
        eq(trafficPackages.status, 'active'),
        gt(trafficPackages.expiresAt, now),
      ),
    );
  return { totalBytes: BigInt(row?.totalBytes ?? 0), usedBytes: BigInt(row?.usedBytes ?? 0) };
}
