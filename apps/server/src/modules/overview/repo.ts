import { and, eq, gt, lte, proxyInstances, sql, type Db } from '@stratus/db';

/** Active instances not yet past expiry, and those of them expiring by `expiringBefore`. */
export async function countLiveInstances(
  db: Db,
  { userId, now, expiringBefore }: { userId: string; now: Date; expiringBefore: Date },
): Promise<{ active: number; expiring: number }> {
  const [row] = await db
    .select({
      active: sql<number>`count(*)::int`.mapWith(Number),
      expiring:
        sql<number>`(count(*) filter (where ${lte(proxyInstances.expiresAt, expiringBefore)}))::int`.mapWith(
          Number,
        ),
    })
    .from(proxyInstances)
    .where(
      and(
        eq(proxyInstances.userId, userId),
        eq(proxyInstances.status, 'active'),
        gt(proxyInstances.expiresAt, now),
      ),
    );
  return row ?? { active: 0, expiring: 0 };
}
